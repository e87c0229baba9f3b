import { fromBase64url } from './base64url.ts';
import { isCalendarDay } from './code.ts';
import { KEY_ID_PATTERN } from './key-id.ts';

/**
 * An owner's resale proof (docs/passport.md, Resale proof): `p1.<pid>.<since>.<exp>.<id>.<kid>.<sig>`,
 * "the holder of this link owns piece pid since month since", expiring at the start (UTC) of day
 * exp. The signature covers the text before `.<sig>`, as a code's does.
 */
export const PROOF_VERSION = 'p1';
export const PROOF_MAX_DAYS = 30;

export interface ProofFields {
  pieceId: string;
  /** The month the owner has held the piece since, YYYY-MM. */
  since: string;
  /** The day the proof expires (at 00:00 UTC), YYYY-MM-DD. */
  expires: string;
  /** 16 random bytes, base64url: what `/api/passport/proofs/<id>` answers on. */
  id: string;
  kid: string;
}

export interface Proof extends ProofFields {
  signed: string;
  signature: Uint8Array;
}

const encodeField = (text: string) => encodeURIComponent(text).replace(/\./g, '%2E');

export function proofBody(fields: ProofFields): string {
  return [
    PROOF_VERSION,
    encodeField(fields.pieceId),
    fields.since.replace('-', ''),
    fields.expires.replace(/-/g, ''),
    fields.id,
    fields.kid,
  ].join('.');
}

/** The expiry day of a proof made on `today` (YYYY-MM-DD) for `days` days (1 to 30). */
export function proofExpiry(today: string, days: number): string {
  if (!Number.isInteger(days) || days < 1 || days > PROOF_MAX_DAYS)
    throw new RangeError('A proof lasts 1 to 30 days');
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads a resale proof; undefined for anything that is not one (docs/passport.md, Resale proof):
 * 7 fields, `since` a month `YYYYMM` (01 to 12), `exp` a real calendar day `YYYYMMDD`.
 */
export function parseProof(text: string): Proof | undefined {
  const parts = text.split('.');
  if (parts.length !== 7 || parts[0] !== PROOF_VERSION) return undefined;
  const [, pid = '', since = '', exp = '', id = '', kid = '', sig = ''] = parts;
  let pieceId: string;
  try {
    pieceId = decodeURIComponent(pid);
  } catch {
    return undefined;
  }
  const month = /^(\d{4})(0[1-9]|1[0-2])$/.exec(since);
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(exp);
  const expires = day ? `${day[1]}-${day[2]}-${day[3]}` : '';
  const signature = fromBase64url(sig);
  if (
    !pieceId ||
    !month ||
    !day ||
    !isCalendarDay(expires) ||
    fromBase64url(id)?.length !== 16 ||
    !KEY_ID_PATTERN.test(kid) ||
    signature?.length !== 64
  ) {
    return undefined;
  }
  return {
    pieceId,
    since: `${month[1]}-${month[2]}`,
    expires,
    id,
    kid,
    signed: parts.slice(0, 6).join('.'),
    signature,
  };
}
