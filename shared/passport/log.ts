/** Writing the log (docs/passport.md, The log): an entry's canonical JSON (RFC 8785), the owner commitment. */
import canonicalize from 'canonicalize';
import { toBase64url } from './base64url.ts';
import { sha256, toHex, utf8 } from './bytes.ts';
import type { ListEntry, LogEntry, MapEntry } from './log-entry.ts';

/** The entry's bytes as the log holds and hashes them. */
export function entryText(entry: LogEntry): string {
  const { seq, time, kind, piece, owner, prev, cert, draw, result } = entry;
  const text = canonicalize(
    kind === 'issue'
      ? { seq, time, kind, piece, owner, prev, cert }
      : kind === 'draw'
        ? { seq, time, kind, piece, owner, prev, draw, result }
        : { seq, time, kind, piece, owner, prev },
  );
  if (text === undefined) throw new Error('A log entry is plain JSON');
  return text;
}

/** A map entry's bytes (docs/passport.md, Completeness). */
export function mapEntryText({ seq, time, pieces, root }: Omit<MapEntry, 'kind'>): string {
  const text = canonicalize({ seq, time, kind: 'map', pieces, root });
  if (text === undefined) throw new Error('A map entry is plain JSON');
  return text;
}

export function listEntryText({ seq, time, draw, list }: Omit<ListEntry, 'kind'>): string {
  const text = canonicalize({ seq, time, kind: 'list', draw, list });
  if (text === undefined) throw new Error('A list entry is plain JSON');
  return text;
}

export const entryBytes = (entry: LogEntry) => utf8(entryText(entry));

/** A new owner's salt: 32 random bytes, kept with the owner's record and shown only to them (base64url). */
export const newOwnerSalt = () => toBase64url(crypto.getRandomValues(new Uint8Array(32)));

/** SHA-256 of `"oneofone-owner:v1\n" + pid + "\n" + salt` (the salt's base64url text), hex. */
export async function ownerCommitment(pieceId: string, salt: string): Promise<string> {
  return toHex(await sha256(utf8(`oneofone-owner:v1\n${pieceId}\n${salt}`)));
}
