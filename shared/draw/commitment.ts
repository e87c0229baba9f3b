import { fromBase64url, toBase64url } from '../passport/base64url.ts';
import { sha256, toHex, utf8 } from '../passport/bytes.ts';

/** The draw's format name (docs/draw.md): the first line of every list, the result's `format`. */
export const DRAW_FORMAT = 'oneofone-draw/v1';

/** The base64url text of exactly `length` random-looking bytes, in its one canonical spelling. */
const isBase64urlOf = (text: string, length: number) => fromBase64url(text)?.length === length;

/** `d-` and 22 base64url characters: 16 bytes. */
export const isDrawId = (text: string) => text.startsWith('d-') && isBase64urlOf(text.slice(2), 16);
/** 43 base64url characters: 32 bytes. */
export const isSalt = (text: string) => isBase64urlOf(text, 32);
/** 64 lowercase hex characters. */
export const isCommitment = (text: string) => /^[0-9a-f]{64}$/.test(text);

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

export const newDrawId = () => `d-${toBase64url(randomBytes(16))}`;
export const newSalt = () => toBase64url(randomBytes(32));

/** What an entry publishes: hex(SHA-256("oneofone-draw/v1\n" + drawId + "\n" + salt)). */
export async function commitment(drawId: string, salt: string): Promise<string> {
  if (!isDrawId(drawId)) throw new Error(`not a draw id: ${JSON.stringify(drawId)}`);
  if (!isSalt(salt)) throw new Error('not a salt (43 base64url characters, 32 bytes)');
  return toHex(await sha256(utf8(`${DRAW_FORMAT}\n${drawId}\n${salt}`)));
}
