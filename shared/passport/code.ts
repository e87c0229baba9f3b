import { fromBase64url } from './base64url.ts';
import { KEY_ID_PATTERN } from './key-id.ts';

/**
 * The code printed on a piece's steel card and shown as a QR code (docs/passport.md):
 * `c1.<pid>.<n>.<of>.<col>.<date>.<digest>.<kid>.<sig>`, opening `/verify#<code>`. The signature
 * covers the text before `.<sig>`.
 */
export const CODE_VERSION = 'c1';
/**
 * At most 237 characters: with `https://`, a host of up to 18 characters and `/verify#`, the QR
 * code's 271 bytes fit version 10 at level L (the bound of 300 characters would not).
 */
export const CODE_MAX_LENGTH = 237;
/** A collection name is cut to at most this many characters in the code (the certificate has it whole). */
export const CODE_COLLECTION_MAX = 40;
/** `.` and the signature's 86 base64url characters. */
const SIGNATURE_TEXT_LENGTH = 87;

export interface CodeFields {
  pieceId: string;
  number: number;
  of: number;
  collection: string;
  /** The issue date, YYYY-MM-DD. */
  issued: string;
  /** SHA-256 of the certificate's compact JWS, first 16 bytes, base64url. */
  digest: string;
  kid: string;
}

export interface Code extends CodeFields {
  /** The signed text (everything before `.<sig>`). */
  signed: string;
  /** The raw r‖s signature (64 bytes). */
  signature: Uint8Array;
}

/** Percent-encoding that also encodes '.', the fields' separator. */
const encodeField = (text: string) => encodeURIComponent(text).replace(/\./g, '%2E');

const bodyOf = (fields: CodeFields, collection: string) =>
  [
    CODE_VERSION,
    encodeField(fields.pieceId),
    String(fields.number),
    String(fields.of),
    encodeField(collection),
    fields.issued.replace(/-/g, ''),
    fields.digest,
    fields.kid,
  ].join('.');

/**
 * The collection's name as the code carries it: its first 40 characters, or fewer when the code
 * would pass CODE_MAX_LENGTH (a long piece id, a name that percent-encodes long).
 */
export function codeCollection(fields: CodeFields): string {
  const characters = [...fields.collection].slice(0, CODE_COLLECTION_MAX);
  const fixed = bodyOf(fields, '').length + SIGNATURE_TEXT_LENGTH;
  if (fixed > CODE_MAX_LENGTH)
    throw new RangeError(`A code for piece ${fields.pieceId} cannot fit ${CODE_MAX_LENGTH} characters`);
  while (fixed + encodeField(characters.join('')).length > CODE_MAX_LENGTH) characters.pop();
  return characters.join('');
}

/** The text a code's signature covers. */
export const codeBody = (fields: CodeFields) => bodyOf(fields, codeCollection(fields));

/** The code: its body and the base64url signature. */
export const codeText = (body: string, signature: string) => `${body}.${signature}`;

const decodeField = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/**
 * Whether `YYYY-MM-DD` names a day of the (proleptic Gregorian) calendar: 2026-11-31 and
 * 2026-02-29 do not (docs/passport.md, The code).
 */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/**
 * Reads a code; undefined for anything that is not one (a verifier then says it is not a code):
 * the rules of docs/passport.md, The code — 9 fields, at most 237 characters, `n` and `of` 1 to
 * 999999 with `n` ≤ `of`, a collection of at most 40 characters, a real calendar day.
 */
export function parseCode(text: string): Code | undefined {
  if (text.length > CODE_MAX_LENGTH) return undefined;
  const parts = text.split('.');
  if (parts.length !== 9 || parts[0] !== CODE_VERSION) return undefined;
  const [, pid = '', n = '', of = '', col = '', date = '', digest = '', kid = '', sig = ''] = parts;
  const pieceId = decodeField(pid);
  const collection = decodeField(col);
  const signature = fromBase64url(sig);
  const digestBytes = fromBase64url(digest);
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (
    !pieceId ||
    collection === undefined ||
    [...collection].length > CODE_COLLECTION_MAX ||
    !/^[1-9]\d{0,5}$/.test(n) ||
    !/^[1-9]\d{0,5}$/.test(of) ||
    Number(n) > Number(of) ||
    !day ||
    !isCalendarDay(`${day[1]}-${day[2]}-${day[3]}`) ||
    digestBytes?.length !== 16 ||
    !KEY_ID_PATTERN.test(kid) ||
    signature?.length !== 64
  ) {
    return undefined;
  }
  return {
    pieceId,
    number: Number(n),
    of: Number(of),
    collection,
    issued: `${day[1]}-${day[2]}-${day[3]}`,
    digest,
    kid,
    signed: parts.slice(0, 8).join('.'),
    signature,
  };
}
