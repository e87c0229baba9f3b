/** The public log's entries (docs/passport.md, The log): one line of canonical JSON (RFC 8785) each. */
export const ENTRY_KINDS = ['issue', 'draw', 'sale', 'transfer', 'reset', 'lost', 'found'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface LogEntry {
  seq: number;
  time: string;
  kind: EntryKind;
  piece: string;
  /** The owner commitment (hex), or null (an issue, before any owner). */
  owner: string | null;
  /** The certificate's digest: issue entries only. */
  cert?: string;
  /** A release draw of the piece (docs/draw.md): its id and hex SHA-256 of its result.json. Draw entries only. */
  draw?: string;
  result?: string;
}

const HEX_64 = /^[0-9a-f]{64}$/;
const DIGEST = /^[A-Za-z0-9_-]{22}$/;
const DRAW_ID = /^d-[A-Za-z0-9_-]{22}$/;

/** The fields of each kind of entry, sorted. */
const FIELDS = (kind: unknown) =>
  kind === 'issue'
    ? 'cert,kind,owner,piece,seq,time'
    : kind === 'draw'
      ? 'draw,kind,owner,piece,result,seq,time'
      : 'kind,owner,piece,seq,time';

/** A draw entry names no owner (the sale that follows does), its draw and its result's hash. */
const validDraw = (entry: Record<string, unknown>) =>
  entry.owner === null &&
  typeof entry.draw === 'string' &&
  DRAW_ID.test(entry.draw) &&
  typeof entry.result === 'string' &&
  HEX_64.test(entry.result);

/** Reads an entry's text; undefined for anything that is not one (shape and kinds only). */
export function parseEntry(text: string): LogEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  const keys = Object.keys(entry).sort().join(',');
  const isIssue = entry.kind === 'issue';
  const isDraw = entry.kind === 'draw';
  if (keys !== FIELDS(entry.kind)) return undefined;
  if (
    !Number.isSafeInteger(entry.seq) ||
    (entry.seq as number) < 0 ||
    typeof entry.time !== 'string' ||
    Number.isNaN(Date.parse(entry.time)) ||
    !ENTRY_KINDS.includes(entry.kind as EntryKind) ||
    typeof entry.piece !== 'string' ||
    entry.piece === '' ||
    !(entry.owner === null || (typeof entry.owner === 'string' && HEX_64.test(entry.owner))) ||
    (isIssue && !(typeof entry.cert === 'string' && DIGEST.test(entry.cert))) ||
    (isDraw && !validDraw(entry))
  ) {
    return undefined;
  }
  return entry as unknown as LogEntry;
}
