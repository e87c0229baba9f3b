import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A second implementation of the draw, written from docs/draw.md alone (and, for witnessed.json,
 * the formats of docs/passport.md it names): @noble/hashes for SHA-256,
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

/*
 * witnessed.json (docs/draw.md, "The list, witnessed before its round"), read from the docs alone:
 * @noble/curves for Ed25519, the Merkle path by RFC 9162's inner and border parts (not its loop).
 */

export interface Chain {
  genesis: number;
  period: number;
}

const WITNESSED_FORMAT = 'oneofone-draw-witnessed/v1';
const DASH = '\u2014';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsAre = (value: Record<string, unknown>, fields: string) =>
  Object.keys(value).sort().join(',') === fields;

/** Standard base64 with padding, in its one spelling. */
function base64(text: unknown): Buffer | undefined {
  if (typeof text !== 'string' || text.length % 4 !== 0) return undefined;
  if (![...text].every((c) => /[A-Za-z0-9+/=]/.test(c))) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

const ed25519Verifies = (key: Uint8Array, signature: Uint8Array, message: Uint8Array) => {
  try {
    return signature.length === 64 && ed25519.verify(signature, message, key, { zip215: false });
  } catch {
    return false;
  }
};

interface NoteKey {
  name: string;
  id: string;
  key: Uint8Array;
}

/** `<name>+<hex key id>+<base64(type ‖ key)>`, its key id SHA-256(name ‖ "\n" ‖ type ‖ key)[:4]. */
function vkey(text: unknown, type: number): NoteKey | undefined {
  if (typeof text !== 'string') return undefined;
  // The name holds no "+"; the base64 key may.
  const [name = '', id = '', ...keyParts] = text.split('+');
  const keyText = keyParts.join('+');
  const bytes = base64(keyText);
  if (!name || /\s/.test(name) || !isHexOf(id, 4) || bytes?.length !== 33 || bytes[0] !== type)
    return undefined;
  const key = bytes.subarray(1);
  const made = hex(sha256(Buffer.concat([ascii(`${name}\n`), Buffer.of(type), key]))).slice(0, 8);
  return made === id ? { name, id, key } : undefined;
}

interface Policy {
  witnesses: Map<string, NoteKey>;
  groups: Map<string, { k: number; members: string[] }>;
  quorum: string;
}

/** tlog-policy as docs/passport.md's Witnesses has it; undefined when it does not read. */
function readPolicy(text: string): Policy | undefined {
  const witnesses = new Map<string, NoteKey>();
  const groups = new Map<string, { k: number; members: string[] }>();
  let quorum: string | undefined;
  const known = (name: string) => name === 'none' || witnesses.has(name) || groups.has(name);
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const words = line.split(/[ \t]+/);
    const [word = '', name = ''] = words;
    if (word === 'log') continue;
    if (word === 'witness') {
      const key = vkey(words[2], 0x04);
      if (words.length > 4 || !name || known(name) || !key) return undefined;
      if ([...witnesses.values()].some((w) => w.name === key.name)) return undefined;
      witnesses.set(name, key);
    } else if (word === 'group') {
      const [threshold = '', ...members] = words.slice(2);
      if (!name || known(name) || members.length === 0 || new Set(members).size < members.length)
        return undefined;
      if (members.some((m) => m === 'none' || !known(m))) return undefined;
      const k = threshold === 'all' ? members.length : threshold === 'any' ? 1 : decimal(threshold);
      if (k === undefined || k < 1 || k > 999 || k > members.length) return undefined;
      groups.set(name, { k, members });
    } else if (word === 'quorum') {
      if (quorum !== undefined || words.length !== 2 || !known(name)) return undefined;
      quorum = name;
    } else return undefined;
  }
  return quorum === undefined ? undefined : { witnesses, groups, quorum };
}

function quorumMet(policy: Policy, cosigned: Set<string>, name = policy.quorum): boolean {
  if (name === 'none') return true;
  const group = policy.groups.get(name);
  if (!group) return cosigned.has(name);
  return group.members.filter((m) => quorumMet(policy, cosigned, m)).length >= group.k;
}

/** RFC 9162's inclusion check, by the path's inner part (below where index and size − 1 part) and border. */
function inclusionHolds(index: number, size: number, leaf: Buffer, proof: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  const i = BigInt(index);
  const last = BigInt(size - 1);
  const inner = (i ^ last).toString(2).replace(/^0+/, '').length;
  const border = [...(i >> BigInt(inner)).toString(2)].filter((b) => b === '1').length;
  if (proof.length !== inner + border) return false;
  const node = (l: Uint8Array, r: Uint8Array) => Buffer.from(sha256(Buffer.concat([Buffer.of(1), l, r])));
  let hash = leaf;
  proof.forEach((p, at) => {
    hash = at < inner && ((i >> BigInt(at)) & 1n) === 0n ? node(hash, p) : node(p, hash);
  });
  return hash.equals(root);
}

/** A list entry: canonical JSON of exactly draw, kind, list, seq, time. */
function readListEntry(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(value) || !fieldsAre(value, 'draw,kind,list,seq,time')) return undefined;
  const { draw, kind, list, seq, time } = value;
  if (kind !== 'list' || typeof draw !== 'string' || typeof list !== 'string' || typeof time !== 'string')
    return undefined;
  if (!isHexOf(list, 32) || !Number.isSafeInteger(seq) || (seq as number) < 0) return undefined;
  if (time.length !== 24 || Number.isNaN(Date.parse(time)) || new Date(time).toISOString() !== time)
    return undefined;
  if (!draw.startsWith('d-') || base64urlBytes(draw.slice(2)) !== 16) return undefined;
  const sorted = Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted) === text ? { draw, list, seq: seq as number } : undefined;
}

/** A checkpoint note: body lines, signature lines. */
function readNote(text: string) {
  if (!text.endsWith('\n') || [...text].some((c) => c !== '\n' && (c < ' ' || c === '\x7f')))
    return undefined;
  const at = text.lastIndexOf('\n\n');
  if (at < 0) return undefined;
  const body = text.slice(0, at + 1);
  const [origin = '', sizeText, rootText, ...rest] = body.slice(0, -1).split('\n');
  const size = decimal(sizeText);
  const root = base64(rootText);
  if (!origin || /[\s+]/.test(origin) || size === undefined || root?.length !== 32 || rest.includes(''))
    return undefined;
  const lines = [];
  for (const line of text.slice(at + 2, -1).split('\n')) {
    const words = line.split(' ');
    const bytes = base64(words[2]);
    if (words.length !== 3 || words[0] !== DASH || !words[1] || /\s/.test(words[1])) return undefined;
    if (!bytes || bytes.length < 5) return undefined;
    lines.push({ name: words[1], id: hex(bytes.subarray(0, 4)), rest: bytes.subarray(4) });
  }
  return lines.length > 16 ? undefined : { body, origin, size, root, lines };
}

/** The time round `r` is produced. */
export const dueOf = (chain: Chain, round: number) => chain.genesis + (round - 1) * chain.period;

/** The round the draw must take: the list's, witnessed before it was due; else the first due ≥ witnessedAt + 10. */
export function roundToDraw(chain: Chain, listRound: number, witnessedAt: number): number {
  if (witnessedAt < dueOf(chain, listRound)) return listRound;
  let round = listRound + 1;
  while (dueOf(chain, round) < witnessedAt + 10) round++;
  return round;
}

export type WitnessedVerdict = { witnessedAt: number; round: number } | string;

/**
 * witnessed.json against the list and the key set: when the list was witnessed and the round that
 * makes the draw take, or the rule it breaks.
 */
export function readWitnessed(
  listBytes: Uint8Array,
  witnessed: unknown,
  keys: unknown,
  chain: Chain,
): WitnessedVerdict {
  const list = readList(listBytes);
  if (typeof list === 'string') return `not a list (${list})`;
  if (!isPlainObject(witnessed) || !fieldsAre(witnessed, 'checkpoint,drawId,entry,format,listHash,proof'))
    return 'witnessed.json: not its fields';
  const { format, drawId, listHash, entry, checkpoint, proof } = witnessed;
  if (format !== WITNESSED_FORMAT || typeof entry !== 'string' || typeof checkpoint !== 'string')
    return 'witnessed.json: not its format';
  if (!Array.isArray(proof) || proof.length > 64) return 'witnessed.json: not a proof';
  if (drawId !== list.drawId || listHash !== listHashOf(listBytes))
    return 'witnessed.json: another draw or list';
  const logged = readListEntry(entry);
  if (!logged) return 'entry: not a list entry';
  if (logged.draw !== list.drawId || logged.list !== listHash) return 'entry: another draw or list';

  if (!isPlainObject(keys) || typeof keys.issuer !== 'string') return 'keys: not a key set';
  const policyText = keys.witnessPolicy;
  const policy = typeof policyText === 'string' ? readPolicy(policyText) : undefined;
  const logKeys = (Array.isArray(keys.logKeys) ? keys.logKeys : [])
    .map((k) => vkey(isPlainObject(k) ? k.vkey : undefined, 0x01))
    .filter((k) => k !== undefined);
  const note = readNote(checkpoint);
  if (!note) return 'checkpoint: not a note';
  if (note.origin !== `${new URL(keys.issuer).host}/passport/log`) return "checkpoint: not the shop's log";
  const body = ascii(note.body);
  let signed = false;
  const firstSeen = new Map<string, number>();
  for (const line of note.lines) {
    const logKey = logKeys.find((k) => k.name === note.origin && line.name === k.name && line.id === k.id);
    if (logKey) {
      if (!ed25519Verifies(logKey.key, line.rest, body)) return 'checkpoint: the log signature fails';
      signed = true;
      continue;
    }
    const witness = [...(policy?.witnesses ?? [])].find(([, w]) => w.name === line.name && w.id === line.id);
    if (!witness) continue;
    const time = line.rest.length === 72 ? Number(line.rest.readBigUInt64BE(0)) : 0;
    const message = Buffer.concat([ascii(`cosignature/v1\ntime ${time}\n`), body]);
    if (
      time < 1 ||
      !Number.isSafeInteger(time) ||
      !ed25519Verifies(witness[1].key, line.rest.subarray(8), message)
    )
      return `checkpoint: the cosignature of ${witness[0]} fails`;
    firstSeen.set(witness[0], Math.min(time, firstSeen.get(witness[0]) ?? time));
  }
  if (!signed) return 'checkpoint: no log key signed it';
  const hashes = proof.map(base64);
  const leaf = Buffer.from(sha256(Buffer.concat([Buffer.of(0), ascii(entry)])));
  if (
    hashes.some((h) => h?.length !== 32) ||
    !inclusionHolds(logged.seq, note.size, leaf, hashes as Buffer[], note.root)
  )
    return 'proof: the entry is not in the checkpoint';
  if (!policy) return 'not witnessed: no policy';
  const cosigned = new Set<string>();
  for (const [name, time] of [...firstSeen].sort((a, b) => a[1] - b[1])) {
    cosigned.add(name);
    if (quorumMet(policy, cosigned))
      return { witnessedAt: time, round: roundToDraw(chain, list.round, time) };
  }
  return 'not witnessed: no quorum';
}

/** "ok", or the rule of docs/draw.md the draw breaks: the list, the result and its witnessing. */
export function checkWitnessedDraw(
  listBytes: Uint8Array,
  result: Result,
  witnessed: unknown,
  keys: unknown,
  chain: Chain,
): string {
  // Steps 1 to 4 as check() does them, but for the round: the witnessing says which it must be.
  const list = readList(listBytes);
  const listRound = typeof list === 'string' ? result.beacon.round : list.round;
  const steps = check(listBytes, { ...result, beacon: { ...result.beacon, round: listRound } });
  if (steps !== 'ok') return steps;
  const verdict = readWitnessed(listBytes, witnessed, keys, chain);
  if (typeof verdict === 'string') return verdict;
  return result.beacon.round === verdict.round
    ? 'ok'
    : `the round: ${verdict.round}, not ${result.beacon.round}`;
}
