import { logger, safeError } from '#platform/logger.ts';
import { oldestPending } from '../entities/log-reads.ts';
import { releaseSequencerLease, takeSequencerLease } from '../entities/sequencer-lease.ts';
import { runSequencer } from '../log-sequencer.ts';
import { publishStatusList } from '../status-list-publisher.ts';

/**
 * The log's sequencer (functions/passport/log-sequencer.ts): started asynchronously after every
 * append (functions/passport/start-sequencer.ts) and every minute (infra/constructs/log-sequencer.ts;
 * locally infra/local/start.ts). Its input is ignored: each run takes whatever is pending. Then the
 * lost-or-stolen status list follows the entries sequenced (functions/passport/status-list-publisher.ts):
 * a list that could not be published does not fail the log's run; the next run publishes it.
 * One run at a time (entities/sequencer-lease.ts): a run started while another works ends at
 * once ('busy'), and the working one, once it gives the lease back, goes on while an entry is
 * pending, so an entry appended meanwhile is never left for the next minute's run.
 */
type Run = {
  rounds: number;
  size: number;
  signed: boolean;
  statusList: 'published' | 'unchanged' | 'failed';
};

/** Passes a run makes at most before leaving what is still pending to the next run. */
const MAX_PASSES = 10;
/** How long a run asked for by hand waits for the working one (its lease lasts two minutes). */
const WAIT_MS = 120_000;

/**
 * `wait`: a run asked for by hand (`npm run job sequence-log`, the tests' `/__jobs`) waits for the
 * working run to end and then runs itself, so that what was pending when it was asked is
 * published when it answers.
 */
export async function runSequenceLog(options: { wait?: boolean } = {}): Promise<Run | { busy: true }> {
  let last: Run | undefined;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const holder = options.wait ? await leaseWhenFree() : await takeSequencerLease();
    if (!holder) return last ?? { busy: true };
    try {
      last = await sequenceAndPublish();
    } finally {
      await releaseSequencerLease(holder);
    }
    if ((await oldestPending(1)).length === 0) return last;
  }
  return last ?? { busy: true };
}

async function leaseWhenFree(): Promise<string | undefined> {
  const giveUp = Date.now() + WAIT_MS;
  for (;;) {
    const holder = await takeSequencerLease();
    if (holder || Date.now() > giveUp) return holder;
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function sequenceAndPublish(): Promise<Run> {
  const result = await runSequencer();
  let statusList: Run['statusList'];
  try {
    statusList = (await publishStatusList()).published ? 'published' : 'unchanged';
  } catch (error) {
    logger.error('the passport status list was not published; the next run tries again', {
      error: safeError(error),
    });
    statusList = 'failed';
  }
  logger.info('passport log sequenced', { ...result, statusList });
  return { ...result, statusList };
}

export const handler = (): Promise<Run | { busy: true }> => runSequenceLog();
