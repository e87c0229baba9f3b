/** The public log's entries (docs/passport.md, The log): one line of canonical JSON (RFC 8785) each. */
export const ENTRY_KINDS = ['issue', 'sale', 'transfer', 'reset', 'lost', 'found'] as const;
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
}

const HEX_64 = /^[0-9a-f]{64}$/;
const DIGEST = /^[A-Za-z0-9_-]{22}$/;

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
  if (keys !== (isIssue ? 'cert,kind,owner,piece,seq,time' : 'kind,owner,piece,seq,time')) return undefined;
  if (
    !Number.isSafeInteger(entry.seq) ||
    (entry.seq as number) < 0 ||
    typeof entry.time !== 'string' ||
    Number.isNaN(Date.parse(entry.time)) ||
    !ENTRY_KINDS.includes(entry.kind as EntryKind) ||
    typeof entry.piece !== 'string' ||
    entry.piece === '' ||
    !(entry.owner === null || (typeof entry.owner === 'string' && HEX_64.test(entry.owner))) ||
    (isIssue && !(typeof entry.cert === 'string' && DIGEST.test(entry.cert)))
  ) {
    return undefined;
  }
  return entry as unknown as LogEntry;
}
