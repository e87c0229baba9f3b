/** The public log's entries (docs/passport.md, The log): one line of canonical JSON (RFC 8785) each. */
export const ENTRY_KINDS = ['issue', 'draw', 'sale', 'transfer', 'reset', 'lost', 'found'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** A piece's previous entry: its `seq` and the hex RFC 6962 leaf hash of its text. */
export interface PrevLink {
  seq: number;
  hash: string;
}

export interface LogEntry {
  seq: number;
  time: string;
  kind: EntryKind;
  piece: string;
  /** The owner commitment (hex), or null (an issue, before any owner). */
  owner: string | null;
  /** The piece's previous entry, or null for its first (docs/passport.md, Completeness). */
  prev: PrevLink | null;
  /** The certificate's digest: issue entries only. */
  cert?: string;
  /** A release draw of the piece (docs/draw.md): its id and hex SHA-256 of its result.json. Draw entries only. */
  draw?: string;
  result?: string;
}

/** The map commitment that ends every sequencing round: the root over every piece's latest entry among the first `seq`. */
export interface MapEntry {
  seq: number;
  time: string;
  kind: 'map';
  /** How many pieces have entries among the first `seq` entries (the map tree's size). */
  pieces: number;
  /** Hex RFC 6962 root of the map tree. */
  root: string;
}

/** A release draw's list, put in the log before its beacon round (docs/draw.md): no piece's entry. */
export interface ListEntry {
  seq: number;
  time: string;
  kind: 'list';
  /** The draw's id. */
  draw: string;
  /** Hex SHA-256 of the draw's entries.txt. */
  list: string;
}

const HEX_64 = /^[0-9a-f]{64}$/;
const DIGEST = /^[A-Za-z0-9_-]{22}$/;
const DRAW_ID = /^d-[A-Za-z0-9_-]{22}$/;

/** The fields of each kind of entry, sorted. */
const FIELDS = (kind: unknown) =>
  kind === 'issue'
    ? 'cert,kind,owner,piece,prev,seq,time'
    : kind === 'draw'
      ? 'draw,kind,owner,piece,prev,result,seq,time'
      : 'kind,owner,piece,prev,seq,time';

export const MAP_FIELDS = 'kind,pieces,root,seq,time';
export const LIST_FIELDS = 'draw,kind,list,seq,time';

/** A draw entry names no owner (the sale that follows does), its draw and its result's hash. */
const validDraw = (entry: Record<string, unknown>) =>
  entry.owner === null &&
  typeof entry.draw === 'string' &&
  DRAW_ID.test(entry.draw) &&
  typeof entry.result === 'string' &&
  HEX_64.test(entry.result);

const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** `prev` is null, or exactly `{hash, seq}` naming an earlier entry. */
const validPrev = (prev: unknown, seq: number) =>
  prev === null ||
  (typeof prev === 'object' &&
    !Array.isArray(prev) &&
    Object.keys(prev).sort().join(',') === 'hash,seq' &&
    isSeq((prev as PrevLink).seq) &&
    (prev as PrevLink).seq < seq &&
    typeof (prev as PrevLink).hash === 'string' &&
    HEX_64.test((prev as PrevLink).hash));

function jsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A UTC instant exactly as `toISOString` writes it, of a real calendar day. */
const validTime = (time: unknown) =>
  typeof time === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time) &&
  !Number.isNaN(Date.parse(time)) &&
  new Date(time).toISOString() === time;

/**
 * The RFC 8785 text of an entry's value: its keys sorted (by UTF-16 code units), no whitespace.
 * An entry holds only strings, safe integers, null and objects of them, for which JSON.stringify
 * writes what RFC 8785 does.
 */
function canonicalText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalText(item)}`).join(',')}}`;
}

/** Whether the text is the canonical JSON (RFC 8785) of what it holds: an entry's text MUST be. */
const isCanonical = (text: string, value: Record<string, unknown>) => canonicalText(value) === text;

/** Reads a piece's entry; undefined for anything that is not one (a map entry included). */
export function parseEntry(text: string): LogEntry | undefined {
  const entry = jsonObject(text);
  if (!entry) return undefined;
  const keys = Object.keys(entry).sort().join(',');
  const isIssue = entry.kind === 'issue';
  const isDraw = entry.kind === 'draw';
  if (keys !== FIELDS(entry.kind) || !isCanonical(text, entry)) return undefined;
  if (
    !isSeq(entry.seq) ||
    !validTime(entry.time) ||
    !ENTRY_KINDS.includes(entry.kind as EntryKind) ||
    typeof entry.piece !== 'string' ||
    entry.piece === '' ||
    !(entry.owner === null || (typeof entry.owner === 'string' && HEX_64.test(entry.owner))) ||
    !validPrev(entry.prev, entry.seq) ||
    (isIssue && !(typeof entry.cert === 'string' && DIGEST.test(entry.cert))) ||
    (isDraw && !validDraw(entry))
  ) {
    return undefined;
  }
  return entry as unknown as LogEntry;
}

/** Reads a map entry; undefined for anything else. */
export function parseMapEntry(text: string): MapEntry | undefined {
  const entry = jsonObject(text);
  if (!entry || Object.keys(entry).sort().join(',') !== MAP_FIELDS || !isCanonical(text, entry))
    return undefined;
  if (
    entry.kind !== 'map' ||
    !isSeq(entry.seq) ||
    !validTime(entry.time) ||
    !isSeq(entry.pieces) ||
    typeof entry.root !== 'string' ||
    !HEX_64.test(entry.root)
  ) {
    return undefined;
  }
  return entry as unknown as MapEntry;
}

/** Reads a draw's list entry; undefined for anything else. */
export function parseListEntry(text: string): ListEntry | undefined {
  const entry = jsonObject(text);
  if (!entry || Object.keys(entry).sort().join(',') !== LIST_FIELDS || !isCanonical(text, entry))
    return undefined;
  if (
    entry.kind !== 'list' ||
    !isSeq(entry.seq) ||
    !validTime(entry.time) ||
    typeof entry.draw !== 'string' ||
    !DRAW_ID.test(entry.draw) ||
    typeof entry.list !== 'string' ||
    !HEX_64.test(entry.list)
  ) {
    return undefined;
  }
  return entry as unknown as ListEntry;
}

/**
 * A piece's entry written before entries named their previous one (a log made before the
 * format changed): everything a piece's entry is but `prev`. Such a history cannot be proven
 * complete.
 */
export function entryWithoutPrev(text: string): Omit<LogEntry, 'prev'> | undefined {
  const entry = jsonObject(text);
  if (!entry || 'prev' in entry) return undefined;
  return isCanonical(text, entry) && parseEntry(canonicalText({ ...entry, prev: null }))
    ? (entry as unknown as LogEntry)
    : undefined;
}

/** The piece an entry's text names, read loosely (old entries included), or undefined (a map entry). */
export function pieceOfText(text: string): string | undefined {
  const piece = jsonObject(text)?.piece;
  return typeof piece === 'string' && piece !== '' ? piece : undefined;
}
