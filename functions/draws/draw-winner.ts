import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { endDrawItem } from '#catalog/index.ts';
import { keySet, pendingEntryItem, sequenceSoon, witnessedListOf } from '#passport/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import { beaconProblem } from '#shared/drand.ts';
import { listHash } from '#shared/draw/entries-list.ts';
import { checkResult, type DrawResult, drawResult } from '#shared/draw/result.ts';
import { checkWitnessedList, witnessedText } from '#shared/draw/witnessed-list.ts';
import { type BeaconAnswer, beaconRound, pinnedChain } from './adapters/beacon.ts';
import { publishOnce, readPublished } from './adapters/published-files.ts';
import { dueAt } from './close-draw.ts';
import { applyMove, type BeaconState, type DrawEntity, drawMoveItem, getDraw } from './entities/draw.ts';
import {
  entriesFile,
  pieceDrawKey,
  resultFile,
  SETTLING_DRAWS_LIST,
  witnessedFile,
} from './entities/keys.ts';

export type DrawAnswer =
  | { state: 'no-draw' }
  | { state: 'open' | 'closing'; draw: DrawEntity }
  /** The list's round is not to be had yet: the draw waits for it, and says so. */
  | { state: 'waiting'; round: number; beaconState: BeaconState; draw: DrawEntity }
  | { state: 'drawn' | 'empty'; draw: DrawEntity };

/** result.json's bytes: what the shop publishes and checks before it does. */
export const resultText = (result: DrawResult) => `${JSON.stringify(result, null, 2)}\n`;

/**
 * Draws a closed draw: once its list is witnessed (witnessList), asks the beacon for the round
 * drawn with: the list's, or a later one for a list witnessed late. Not witnessed yet, the round
 * not there yet, or the beacon unreachable: the draw stays closed, noting since when it waits and why, and no other
 * randomness is ever taken. The round: checked again against the pinned chain (a beacon that
 * lies throws; nothing is published), the result computed from the published list, checked with
 * checkResult, written to result.json, then the draw `closed → drawn` (or `empty`), conditional.
 * Idempotent: a drawn draw is answered as it is; a run beside it writes the same bytes.
 */
export async function drawWinner(
  drawId: string,
  readRound: (round: number) => Promise<BeaconAnswer> = beaconRound,
  now = new Date(),
): Promise<DrawAnswer> {
  const draw = await getDraw(drawId);
  if (!draw) return { state: 'no-draw' };
  if (draw.state !== 'closed') return { state: draw.state, draw } as DrawAnswer;
  const { chainHash } = draw;
  if (draw.round === undefined || chainHash === undefined || draw.listHash === undefined)
    throw new Error(`draw ${drawId} is closed without its list`);
  const list = await readPublished(entriesFile(drawId));
  if (list === undefined || (await listHash(list)) !== draw.listHash)
    throw new Error(`draw ${drawId}: the published list is not the one closed`);
  // Never drawn before the list is witnessed: its round is the one the witnessing allows.
  const witnessed = draw.roundDrawn === undefined ? await witnessList(draw, list) : draw;
  if (witnessed.roundDrawn === undefined) {
    // The sequencer submits the checkpoint to the witnesses again (one was down, or slow).
    await sequenceSoon();
    return waitForBeacon(draw, draw.round, 'witnessing', now);
  }
  const round = witnessed.roundDrawn;
  const answer = await readRound(round);
  if ('state' in answer) return waitForBeacon(witnessed, round, answer.state, now);
  const chain = pinnedChain();
  const problem =
    chain.chainHash === chainHash
      ? beaconProblem(chain, answer, round)
      : `the list's chain ${chainHash} is not the pinned one`;
  if (problem) throw new Error(`draw ${drawId}: the beacon's round ${round} is refused: ${problem}`);
  const result = await drawResult(list, answer, round);
  const text = resultText(result);
  const check = await checkResult(list, JSON.parse(text), round);
  if (!check.ok) throw new Error(`draw ${drawId}: the result does not check: ${check.message}`);
  await publishOnce(resultFile(drawId), text, 'application/json');
  const state = result.order.length > 0 ? 'drawn' : 'empty';
  const moved = await applyMove([
    drawMoveItem(drawId, 'closed', {
      set: {
        state,
        seed: result.seed,
        drawnAt: now.toISOString(),
        // A drawn draw stays on the job's list until its sale, holds and mails are done.
        ...(result.order[0] ? { winner: result.order[0], gsi2pk: SETTLING_DRAWS_LIST } : {}),
      },
      remove: state === 'drawn' ? ['beaconState'] : ['gsi2pk', 'gsi2sk', 'beaconState'],
    }),
    {
      Delete: {
        TableName: tableName(),
        Key: pieceDrawKey(draw.pid),
        ConditionExpression: 'drawId = :draw',
        ExpressionAttributeValues: { ':draw': drawId },
      },
    },
    // Nobody entered: the piece is first come again.
    ...(state === 'empty' ? [endDrawItem(draw.pid, drawId)] : []),
    // The piece's passport log tells the draw (docs/passport.md): its id and its result's hash.
    pendingEntryItem({
      kind: 'draw',
      piece: draw.pid,
      owner: null,
      draw: drawId,
      result: bytesToHex(sha256(utf8ToBytes(text))),
      time: now.toISOString(),
    }),
  ]);
  if (moved) await sequenceSoon();
  const after = await getDraw(drawId);
  if (!after || (after.state !== 'drawn' && after.state !== 'empty') || after.seed !== result.seed)
    throw new Error(`draw ${drawId} was ${moved ? 'moved' : 'drawn'} otherwise`);
  return { state: after.state, draw: after };
}

/**
 * witnessed.json (docs/draw.md): once the list's entry is in a checkpoint its witnesses' quorum
 * cosigned, it is published (a file there already, of a run that died before recording it, is
 * taken as it is) and checked as an entrant checks it, and the round drawn is recorded on the
 * draw. With no witness policy the list's own round. Answers the draw, without `roundDrawn`
 * while the list is not witnessed yet.
 */
async function witnessList(draw: DrawEntity, list: string): Promise<DrawEntity> {
  const published = await readPublished(witnessedFile(draw.drawId));
  const witnessed = published === undefined ? await witnessedListOf(draw.drawId) : JSON.parse(published);
  if (witnessed === undefined) return draw;
  const keys = await keySet();
  const check = await checkWitnessedList({ listText: list, witnessed, keys, chain: pinnedChain() });
  if (!check.ok && !(check.reason === 'not-witnessed' && keys.witnessPolicy === undefined))
    throw new Error(`draw ${draw.drawId}: its witnessed list does not check: ${check.message}`);
  if (published === undefined)
    await publishOnce(witnessedFile(draw.drawId), witnessedText(witnessed), 'application/json');
  const roundDrawn = check.ok ? check.roundDrawn : (draw.round as number);
  const set = {
    roundDrawn,
    ...(check.ok ? { witnessedAt: check.witnessedAt } : {}),
    drawsAt: dueAt(pinnedChain(), roundDrawn),
  };
  await applyMove([drawMoveItem(draw.drawId, 'closed', { set })]);
  return { ...draw, ...set };
}

async function waitForBeacon(
  draw: DrawEntity,
  round: number,
  beaconState: BeaconState,
  now: Date,
): Promise<DrawAnswer> {
  const waitingSince = draw.waitingSince ?? now.toISOString();
  await applyMove([drawMoveItem(draw.drawId, 'closed', { set: { waitingSince, beaconState } })]);
  return { state: 'waiting', round, beaconState, draw: { ...draw, waitingSince, beaconState } };
}
