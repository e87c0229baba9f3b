import { hexToBytes } from '@noble/hashes/utils.js';
import { concatBytes, sha256, toHex, utf8 } from '../passport/bytes.ts';
import { DRAW_FORMAT } from './commitment.ts';

/** hex(SHA-256("oneofone-draw/v1 seed\n" + listHash + "\n" + randomness)). */
export const drawSeed = async (listHash: string, randomness: string) =>
  toHex(await sha256(utf8(`${DRAW_FORMAT} seed\n${listHash}\n${randomness}`)));

/** hex(SHA-256(seed's 32 bytes ‖ the commitment's 32 bytes)). */
export const score = async (seed: string, commitment: string) =>
  toHex(await sha256(concatBytes(hexToBytes(seed), hexToBytes(commitment))));

/** The commitments by score ascending (ties by commitment): the winner first, then the reserves. */
export async function drawOrder(seed: string, commitments: readonly string[]): Promise<string[]> {
  const scored = await Promise.all(commitments.map(async (c) => ({ c, s: await score(seed, c) })));
  const before = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return scored.sort((a, b) => before(a.s, b.s) || before(a.c, b.c)).map(({ c }) => c);
}
