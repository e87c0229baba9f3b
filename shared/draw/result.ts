import { hexToBytes } from '@noble/hashes/utils.js';
import type { DrandBeacon } from '#shared/drand.ts';
import * as z from '#shared/zod.ts';
import { sha256, toHex } from '../passport/bytes.ts';
import { DRAW_FORMAT } from './commitment.ts';
import { listHash, parseEntriesList } from './entries-list.ts';
import { drawOrder, drawSeed } from './order.ts';

const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** result.json (docs/draw.md, "The result"): nothing more, nothing less. */
export const drawResultSchema = z.strictObject({
  format: z.literal(DRAW_FORMAT),
  drawId: z.string(),
  piece: z.string(),
  listHash: hex64,
  beacon: z.strictObject({
    chainHash: hex64,
    round: z.int().check(z.positive()),
    randomness: hex64,
    signature: z.string().check(z.regex(/^(?:[0-9a-f]{2})+$/)),
  }),
  seed: hex64,
  order: z.array(hex64),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

/** The beacon round the draw took: its randomness is hex(SHA-256(signature bytes)). */
export type BeaconRound = DrawResult['beacon'];

export const randomnessOf = async (signature: string) => toHex(await sha256(hexToBytes(signature)));

/**
 * The result of the list `entriesText` with the beacon round it names. Throws if the list is not
 * exactly the format, if the round is not the list's or if its randomness is not its signature's
 * hash: the shop never publishes a result it could have chosen.
 */
export async function drawResult(
  entriesText: string,
  round: DrandBeacon,
  drawnRound?: number,
): Promise<DrawResult> {
  const parsed = parseEntriesList(entriesText);
  if (!parsed.ok) throw new Error(`the list is not one: ${parsed.reason}`);
  const { list } = parsed;
  // A list witnessed late is drawn with a later round (witnessed-list.ts roundDrawn), never an earlier one.
  const expected = drawnRound ?? list.beacon.round;
  if (expected < list.beacon.round)
    throw new Error(`round ${expected} is before the list's round ${list.beacon.round}`);
  if (round.round !== expected)
    throw new Error(`the draw is drawn with round ${expected}, not ${round.round}`);
  if (
    !/^(?:[0-9a-f]{2})+$/.test(round.signature) ||
    (await randomnessOf(round.signature)) !== round.randomness
  )
    throw new Error("the round's randomness is not the SHA-256 of its signature");
  const hash = await listHash(entriesText);
  const seed = await drawSeed(hash, round.randomness);
  return {
    format: DRAW_FORMAT,
    drawId: list.drawId,
    piece: list.piece,
    listHash: hash,
    beacon: {
      chainHash: list.beacon.chainHash,
      round: expected,
      randomness: round.randomness,
      signature: round.signature,
    },
    seed,
    order: await drawOrder(seed, list.commitments),
  };
}

export type DrawCheckFailure =
  | 'result-malformed'
  | 'list-malformed'
  | 'draw-mismatch'
  | 'beacon-mismatch'
  | 'list-altered'
  | 'randomness-not-signature-hash'
  | 'seed-differs'
  | 'order-differs';

export type DrawCheck =
  | { ok: true; result: DrawResult }
  | { ok: false; reason: DrawCheckFailure; message: string };

/**
 * Everything re-derived from the list and the result's beacon round: ok, or the first thing that
 * differs. `drawnRound`: the round the list's witnessing says it is drawn with
 * (witnessed-list.ts checkWitnessedList); without it, the list's own round.
 */
export async function checkResult(
  entriesText: string,
  result: unknown,
  drawnRound?: number,
): Promise<DrawCheck> {
  const no = (reason: DrawCheckFailure, message: string): DrawCheck => ({ ok: false, reason, message });
  const shape = drawResultSchema.safeParse(result);
  if (!shape.success) return no('result-malformed', 'the result is not a oneofone-draw/v1 result');
  const { data } = shape;
  // The hash first: a list changed in any way after the draw is said to be just that.
  if ((await listHash(entriesText)) !== data.listHash)
    return no(
      'list-altered',
      "the list's hash is not the one the result was drawn from: the list was altered",
    );
  const parsed = parseEntriesList(entriesText);
  if (!parsed.ok) return no('list-malformed', `the list is not one: ${parsed.reason}`);
  const { list } = parsed;
  if (data.drawId !== list.drawId || data.piece !== list.piece)
    return no('draw-mismatch', 'the result is of another draw or piece than the list');
  if (
    data.beacon.chainHash !== list.beacon.chainHash ||
    data.beacon.round !== (drawnRound ?? list.beacon.round)
  )
    return no('beacon-mismatch', 'the result took another beacon round than the list and its witnessing fix');
  if ((await randomnessOf(data.beacon.signature)) !== data.beacon.randomness)
    return no('randomness-not-signature-hash', 'the randomness is not the SHA-256 of the beacon signature');
  if ((await drawSeed(data.listHash, data.beacon.randomness)) !== data.seed)
    return no('seed-differs', "the seed is not the one the list's hash and the randomness make");
  const order = await drawOrder(data.seed, list.commitments);
  if (order.length !== data.order.length || order.some((c, i) => c !== data.order[i]))
    return no('order-differs', 'the order is not the one the seed makes');
  return { ok: true, result: data };
}

/** Where a commitment came: the winner, a reserve (1 = the first), or not in the order. */
export function placeOf(order: readonly string[], commitment: string) {
  const at = order.indexOf(commitment);
  if (at < 0) return { in: false } as const;
  return at === 0 ? ({ in: true, won: true } as const) : ({ in: true, won: false, reserve: at } as const);
}
