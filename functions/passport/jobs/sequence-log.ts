import { logger, safeError } from '#platform/logger.ts';
import { runSequencer } from '../log-sequencer.ts';
import { publishStatusList } from '../status-list-publisher.ts';

/**
 * The log's sequencer (functions/passport/log-sequencer.ts): started asynchronously after every
 * append (functions/passport/start-sequencer.ts) and every minute (infra/constructs/log-sequencer.ts;
 * locally infra/local/start.ts). Its input is ignored: each run takes whatever is pending. Then the
 * lost-or-stolen status list follows the entries sequenced (functions/passport/status-list-publisher.ts):
 * a list that could not be published does not fail the log's run; the next run publishes it.
 */
type Run = {
  rounds: number;
  size: number;
  signed: boolean;
  statusList: 'published' | 'unchanged' | 'failed';
};

export async function runSequenceLog(): Promise<Run> {
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

export const handler = (): Promise<Run> => runSequenceLog();
