import { logger } from '#platform/logger.ts';
import { runSequencer } from '../log-sequencer.ts';

/**
 * The log's sequencer (functions/passport/log-sequencer.ts): started asynchronously after every
 * append (functions/passport/start-sequencer.ts) and every minute (infra/constructs/log-sequencer.ts;
 * locally infra/local/start.ts). Its input is ignored: each run takes whatever is pending.
 */
export async function runSequenceLog(): Promise<{ rounds: number; size: number; signed: boolean }> {
  const result = await runSequencer();
  logger.info('passport log sequenced', result);
  return result;
}

export const handler = (): Promise<{ rounds: number; size: number; signed: boolean }> => runSequenceLog();
