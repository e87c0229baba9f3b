import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { type RoundOfChain, randomnessOf } from './result.ts';

/** The domain separation tag of drand's scheme bls-unchained-g1-rfc9380. */
export const DRAND_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** What drand's nodes sign for a round of an unchained chain: SHA-256(round, 8 bytes big-endian). */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

export type BeaconVerdict =
  | { ok: true }
  | { ok: false; reason: 'signature-invalid' | 'randomness-not-signature-hash' };

/**
 * A round as drand's HTTP API answers it, checked against the chain's public key (G2): its
 * signature is the chain's BLS signature (G1) of the round, its randomness that signature's SHA-256.
 */
export async function verifyBeaconRound(publicKey: string, round: RoundOfChain): Promise<BeaconVerdict> {
  const bls = bls12_381.shortSignatures;
  let valid = false;
  try {
    const message = bls.hash(roundMessage(round.round), DRAND_DST);
    valid = bls.verify(hexToBytes(round.signature), message, hexToBytes(publicKey));
  } catch {
    // Not a point, not hex, not a round: not a signature of this chain.
  }
  if (!valid) return { ok: false, reason: 'signature-invalid' };
  if ((await randomnessOf(round.signature)) !== round.randomness)
    return { ok: false, reason: 'randomness-not-signature-hash' };
  return { ok: true };
}
