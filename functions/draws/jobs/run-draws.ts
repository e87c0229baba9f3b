import { logger, safeError } from '#platform/logger.ts';
import { type BeaconAnswer, beaconRound } from '../adapters/beacon.ts';
import { closeDraw } from '../close-draw.ts';
import { drawWinner } from '../draw-winner.ts';
import { activeDrawsClosedBy, drawsToSettle } from '../entities/draw.ts';
import { settleDraw } from '../settle-draw.ts';

export interface DrawsRun {
  closed: number;
  drawn: number;
  waiting: number;
  settled: number;
  failed: number;
}

/**
 * The draws' job (every minute: jobs/schedules.ts): every draw whose window closed is closed
 * (its list written) and then drawn if its beacon round is out; a draw waiting for its round is
 * asked again at the next run; a drawn draw is settled in the same run. One draw failing (a beacon that lies) does not stop the others;
 * the run then fails, so the failure alarms.
 */
export async function runDraws(
  now = new Date(),
  readRound: (round: number) => Promise<BeaconAnswer> = beaconRound,
): Promise<DrawsRun> {
  const run: DrawsRun = { closed: 0, drawn: 0, waiting: 0, settled: 0, failed: 0 };
  for (const { drawId, state } of await activeDrawsClosedBy(now)) {
    try {
      if (state === 'open' || state === 'closing') {
        await closeDraw(drawId, now);
        run.closed++;
      }
      const drawn = await drawWinner(drawId, readRound, now);
      if (drawn.state === 'waiting') run.waiting++;
      else if (drawn.state === 'drawn' || drawn.state === 'empty') run.drawn++;
    } catch (error) {
      run.failed++;
      logger.error('draw failed', { drawId, error: safeError(error) });
    }
  }
  // Drawn now or earlier: the sale, the holds and the mails, in this same run.
  for (const { drawId } of await drawsToSettle()) {
    try {
      const settled = await settleDraw(drawId, new Date());
      if (settled.state === 'settled') run.settled++;
      else if (settled.state === 'waiting') {
        run.waiting++;
        logger.warn('draw settlement waits', { drawId, reason: settled.reason });
      }
    } catch (error) {
      run.failed++;
      logger.error('draw settlement failed', { drawId, error: safeError(error) });
    }
  }
  logger.info('draws run', { ...run });
  if (run.failed > 0) throw new Error(`${run.failed} draw(s) failed: see the log`);
  return run;
}

export const handler = (): Promise<DrawsRun> => runDraws();
