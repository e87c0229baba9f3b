import { logger, safeError } from '#platform/logger.ts';
import { startJob } from '#platform/start-job.ts';

/** The environment variable naming the sequencer's function (infra/constructs/log-sequencer.ts, infra/local/stack.ts). */
export const SEQUENCE_LOG_FUNCTION = 'SEQUENCE_LOG_FUNCTION';

/**
 * Starts the log's sequencer without waiting for it, after a change that appended a pending
 * entry. A change never fails on the log: if the start fails, the sequencer's run of every
 * minute takes the entry.
 */
export async function sequenceSoon(): Promise<void> {
  try {
    await startJob(SEQUENCE_LOG_FUNCTION, {});
  } catch (error) {
    logger.error('the passport log sequencer was not started; its schedule will run it', {
      error: safeError(error),
    });
  }
}
