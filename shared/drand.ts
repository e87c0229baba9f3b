import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * drand's unchained beacon on BLS12-381 with short signatures (quicknet's scheme, issue 35's
 * design): round R's signature is a BLS signature on G1 of SHA-256(R as 8 bytes, big-endian),
 * hashed to the curve with RFC 9380's DST below; the chain's public key is on G2 (96 bytes);
 * its randomness is SHA-256 of the signature's 48 bytes. Pure: the shop's adapter, the local
 * stand-in and anyone checking a draw run the same checks.
 */
export const DRAND_SCHEME = 'bls-unchained-g1-rfc9380';
export const DRAND_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const bls = bls12_381.shortSignatures;

/** A chain as the shop pins it (times in Unix seconds, hex lowercase). */
export interface DrandChain {
  chainHash: string;
  publicKey: string;
  genesis: number;
  period: number;
}

/** A round as drand's HTTP API answers it (`GET /<chainHash>/public/<round>`), hex. */
export interface DrandBeacon {
  round: number;
  randomness: string;
  signature: string;
}

/** The message a round's signature signs: SHA-256 of the round as 8 bytes, big-endian. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** The round's message hashed onto G1, as signed and verified. */
export function roundPoint(round: number) {
  return bls.hash(roundMessage(round), DRAND_DST);
}

const isRound = (round: unknown): round is number =>
  typeof round === 'number' && Number.isSafeInteger(round) && round >= 1;

/**
 * Why the beacon is not round `round` of the chain, or undefined when it is: its signature
 * verifies against the chain's public key and its randomness is SHA-256 of its signature.
 */
export function beaconProblem(
  chain: DrandChain,
  beacon: DrandBeacon,
  round = beacon.round,
): string | undefined {
  if (!isRound(round) || beacon.round !== round) return `the beacon is round ${beacon.round}, not ${round}`;
  if (!/^[0-9a-f]{96}$/.test(beacon.signature)) return 'the signature is not 48 bytes of hex';
  if (beacon.randomness !== bytesToHex(sha256(hexToBytes(beacon.signature))))
    return 'the randomness is not SHA-256 of the signature';
  let verified: boolean;
  try {
    verified = bls.verify(hexToBytes(beacon.signature), roundPoint(round), hexToBytes(chain.publicKey));
  } catch {
    verified = false;
  }
  return verified ? undefined : "the signature does not verify against the chain's public key";
}

/** When round R is emitted (Unix seconds): genesis + (R − 1) × period, as drand's TimeOfRound. */
export function timeOfRound(chain: Pick<DrandChain, 'genesis' | 'period'>, round: number): number {
  return chain.genesis + (round - 1) * chain.period;
}

/** The latest round emitted at `seconds` (Unix), 0 before genesis. */
export function roundAtTime(chain: Pick<DrandChain, 'genesis' | 'period'>, seconds: number): number {
  if (seconds < chain.genesis) return 0;
  return Math.floor((seconds - chain.genesis) / chain.period) + 1;
}

/** The first round emitted at or after `seconds` (Unix). */
export function firstRoundFrom(chain: Pick<DrandChain, 'genesis' | 'period'>, seconds: number): number {
  if (seconds <= chain.genesis) return 1;
  return Math.ceil((seconds - chain.genesis) / chain.period) + 1;
}

/** A chain's info as drand's HTTP API answers it (`GET /<chainHash>/info`). */
export interface DrandInfo {
  public_key: string;
  period: number;
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: string;
  metadata: { beaconID: string };
}

/**
 * The chain hash as drand computes it (chain.Info.Hash): SHA-256 of the period (4 bytes) and
 * genesis time (8 bytes), big-endian, the public key, the group hash and, for a beacon id other
 * than drand's `default`, the id. Quicknet's info gives its published hash (shared/drand.test.ts).
 */
export function chainHashOf(info: Omit<DrandInfo, 'hash' | 'schemeID'>): string {
  const head = new Uint8Array(12);
  const view = new DataView(head.buffer);
  view.setUint32(0, info.period);
  view.setBigInt64(4, BigInt(info.genesis_time));
  const id = info.metadata.beaconID;
  const parts = [
    head,
    hexToBytes(info.public_key),
    hexToBytes(info.groupHash),
    id && id !== 'default' ? new TextEncoder().encode(id) : new Uint8Array(),
  ];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return bytesToHex(sha256(all));
}
