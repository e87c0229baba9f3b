import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A second implementation of the draw, written from docs/draw.md alone: @noble/hashes for SHA-256,
 * Node's Buffer for hex and base64url, its own reading of the list (by tokens, not patterns). It
 * shares no code with shared/draw or the recompute script.
 */

export interface List {
  drawId: string;
  piece: string;
  closed: string;
  chainHash: string;
  round: number;
  commitments: string[];
}

const FORMAT = 'oneofone-draw/v1';
const ascii = (text: string) => Buffer.from(text, 'utf8');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const HEX = new Set('0123456789abcdef');
const ID_CHARS = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');
const isHexOf = (text: string, bytes: number) =>
  text.length === bytes * 2 && [...text].every((c) => HEX.has(c));

/** base64url without padding, in the one spelling of its bytes. */
function base64urlBytes(text: string): number | undefined {
  if (![...text].every((c) => ID_CHARS.has(c))) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes.length : undefined;
}

/** A decimal without leading zeros. */
function decimal(text: string | undefined): number | undefined {
  if (!text || text.length > 16 || ![...text].every((c) => c >= '0' && c <= '9')) return undefined;
  if (text.length > 1 && text[0] === '0') return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export const commitmentOf = (drawId: string, salt: string) =>
  hex(sha256(ascii(`${FORMAT}\n${drawId}\n${salt}`)));

export function writeList(list: List): string {
  const commitments = [...new Set(list.commitments)].sort((a, b) => Buffer.compare(ascii(a), ascii(b)));
  const header = [
    FORMAT,
    `draw ${list.drawId}`,
    `piece ${list.piece}`,
    `closed ${list.closed}`,
    `beacon ${list.chainHash} round ${list.round}`,
    `entries ${commitments.length}`,
  ];
  return [...header, ...commitments].map((line) => `${line}\n`).join('');
}

/** The list in `bytes`, or why they are not one. */
export function readList(bytes: Uint8Array): List | string {
  if (bytes.some((b) => b > 0x7e || (b < 0x20 && b !== 0x0a))) return 'a byte that no line of a list has';
  const text = Buffer.from(bytes).toString('latin1');
  if (text.at(-1) !== '\n') return 'no line break at the end';
  const lines = text.slice(0, -1).split('\n');
  const words = (at: number) => (lines[at] ?? '').split(' ');
  if (lines[0] !== FORMAT) return 'not the format';

  const [drawWord, drawId = ''] = words(1);
  if (
    words(1).length !== 2 ||
    drawWord !== 'draw' ||
    !drawId.startsWith('d-') ||
    base64urlBytes(drawId.slice(2)) !== 16
  )
    return 'no draw id';
  const [pieceWord, piece = ''] = words(2);
  if (words(2).length !== 2 || pieceWord !== 'piece' || piece.length < 1 || piece.length > 64)
    return 'no piece';
  if (![...piece].every((c) => ID_CHARS.has(c))) return 'no piece';
  const [closedWord, closed = ''] = words(3);
  const time = new Date(closed);
  if (
    words(3).length !== 2 ||
    closedWord !== 'closed' ||
    closed.length !== 24 ||
    Number.isNaN(time.getTime())
  )
    return 'no close time';
  if (time.toISOString() !== closed) return 'no close time';
  const [beaconWord, chainHash = '', roundWord, roundText] = words(4);
  const round = decimal(roundText);
  if (words(4).length !== 4 || beaconWord !== 'beacon' || roundWord !== 'round' || !isHexOf(chainHash, 32))
    return 'no beacon';
  if (round === undefined || round < 1) return 'no beacon round';
  const [entriesWord, countText] = words(5);
  const count = decimal(countText);
  if (words(5).length !== 2 || entriesWord !== 'entries' || count === undefined) return 'no count';

  const commitments = lines.slice(6);
  if (commitments.length !== count) return 'the count is not the number of entries';
  for (let i = 0; i < commitments.length; i++) {
    const c = commitments[i] as string;
    if (!isHexOf(c, 32)) return 'a line that is not a commitment';
    if (i > 0 && Buffer.compare(ascii(commitments[i - 1] as string), ascii(c)) >= 0) return 'not ascending';
  }
  return { drawId, piece, closed, chainHash, round, commitments };
}

export const listHashOf = (bytes: Uint8Array) => hex(sha256(bytes));
export const seedOf = (listHash: string, randomness: string) =>
  hex(sha256(ascii(`${FORMAT} seed\n${listHash}\n${randomness}`)));

export function orderOf(seed: string, commitments: string[]): string[] {
  const seedBytes = Buffer.from(seed, 'hex');
  return commitments
    .map((c) => ({ c, score: Buffer.from(sha256(Buffer.concat([seedBytes, Buffer.from(c, 'hex')]))) }))
    .sort((a, b) => Buffer.compare(a.score, b.score) || Buffer.compare(ascii(a.c), ascii(b.c)))
    .map(({ c }) => c);
}

export interface Recomputed {
  listHash: string;
  seed: string;
  order: string[];
}

export function recompute(listBytes: Uint8Array, randomness: string): Recomputed | string {
  const list = readList(listBytes);
  if (typeof list === 'string') return list;
  const listHash = listHashOf(listBytes);
  const seed = seedOf(listHash, randomness);
  return { listHash, seed, order: orderOf(seed, list.commitments) };
}

type Result = {
  format: string;
  drawId: string;
  piece: string;
  listHash: string;
  beacon: { chainHash: string; round: number; randomness: string; signature: string };
  seed: string;
  order: string[];
};

/** "ok", or the step of docs/draw.md's "Checking a draw" that fails (1–4). */
export function check(listBytes: Uint8Array, result: Result): string {
  if (listHashOf(listBytes) !== result.listHash) return 'step 1: the list was altered after the draw';
  const list = readList(listBytes);
  if (typeof list === 'string') return `step 1: not a list (${list})`;
  const { beacon } = result;
  if (result.format !== FORMAT || result.drawId !== list.drawId || result.piece !== list.piece)
    return 'step 2';
  if (beacon.chainHash !== list.chainHash || beacon.round !== list.round) return 'step 2';
  if (hex(sha256(Buffer.from(beacon.signature, 'hex'))) !== beacon.randomness) return 'step 3';
  if (seedOf(result.listHash, beacon.randomness) !== result.seed) return 'step 4: seed';
  const order = orderOf(result.seed, list.commitments);
  if (order.length !== result.order.length || order.some((c, i) => result.order[i] !== c))
    return 'step 4: order';
  return 'ok';
}
