import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links mailed to members carry a token signed with HMAC-SHA256 and the shop's MEMBER_LINK_KEY
 * (a key of the shop's secret; the local stack sets one): `<payload>.<signature>`, both
 * base64url, the payload a small JSON object naming its purpose. Nothing is stored for a
 * token; what it may do is decided by the member's item (a confirmation's nonce must still be
 * the member's, so a new sign-up voids older links; an unsubscribe link names the subscription
 * it was sent for and when it expires). A token for one purpose never passes for another: the
 * purpose is inside the signed payload.
 */
export type LinkPurpose = 'confirm' | 'unsubscribe';

export interface LinkPayload {
  /** purpose */
  p: LinkPurpose;
  /** e-mail */
  e: string;
  /** nonce (confirmations) */
  n?: string;
  /** the subscription the link was mailed for (unsubscribe links; absent for members from before subscriptions had ids) */
  s?: string;
  /** expiry, epoch seconds (unsubscribe and confirmation links) */
  x?: number;
}

/**
 * MEMBER_LINK_KEY when the operator set one; else a key derived from the secret's generated
 * ORIGIN_VERIFY (HMAC with a label, so the origin check itself never signs a link), so a fresh
 * deploy signs links before anyone fills the secret in.
 */
function key(): Buffer {
  const value = process.env.MEMBER_LINK_KEY;
  if (value && value.length >= 16) return Buffer.from(value);
  const origin = process.env.ORIGIN_VERIFY;
  if (origin && origin.length >= 16) return createHmac('sha256', origin).update('member-links').digest();
  throw new Error('MEMBER_LINK_KEY is not set');
}

const mac = (payload: string) => createHmac('sha256', key()).update(payload).digest();

export function signLink(payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(body).toString('base64url')}`;
}

/** The payload of a token signed with our key for `purpose`, or undefined. */
export function readLink(token: string, purpose: LinkPurpose): LinkPayload | undefined {
  if (token.length > 600) return undefined;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Partial<LinkPayload>;
    if (payload.p !== purpose || typeof payload.e !== 'string') return undefined;
    if (payload.n !== undefined && typeof payload.n !== 'string') return undefined;
    if (payload.s !== undefined && typeof payload.s !== 'string') return undefined;
    if (payload.x !== undefined && !Number.isSafeInteger(payload.x)) return undefined;
    return payload as LinkPayload;
  } catch {
    return undefined;
  }
}
