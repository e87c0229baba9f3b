import { type LinkPayload, signLink } from '#platform/signed-links.ts';
import {
  MEMBER_CONFIRM_PAGE,
  MEMBER_UNSUBSCRIBE_API,
  MEMBER_UNSUBSCRIBE_LINK_DAYS,
  MEMBER_UNSUBSCRIBE_PAGE,
} from '#shared/membership.ts';
import type { MemberEntity } from './entities/member.ts';

/** The shop's own address, for links in mail (the local stack and CDK set SHOP_URL). */
export function shopUrl(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return url.replace(/\/+$/, '');
}

/** A page of the shop with a signed token for it. */
export function memberLink(page: string, payload: LinkPayload): string {
  return `${shopUrl()}${page}?token=${encodeURIComponent(signLink(payload))}`;
}

/**
 * Unsubscribe links signed before they carried an expiry (or a subscription) were sent until
 * this change shipped (November 2026): they expire a link's lifetime after it, and work until
 * then only for a member who has not signed up again since (no subscription id yet).
 */
export const UNDATED_UNSUBSCRIBE_LINKS_EXPIRE = Date.UTC(2027, 10, 27) / 1000;

/**
 * The two unsubscribe addresses of a member's mail sent at `now`: the page the mail's text
 * links to, and the RFC 8058 one-click address of its List-Unsubscribe header (the API row,
 * which takes a POST). Both carry one token, bound to the member's subscription and expiring
 * MEMBER_UNSUBSCRIBE_LINK_DAYS after `now`.
 */
export function unsubscribeLinks(
  member: Pick<MemberEntity, 'email' | 'subscription'>,
  now: Date,
): { page: string; oneClick: string } {
  const token = encodeURIComponent(
    signLink({
      p: 'unsubscribe',
      e: member.email,
      ...(member.subscription ? { s: member.subscription } : {}),
      x: Math.floor(now.getTime() / 1000) + MEMBER_UNSUBSCRIBE_LINK_DAYS * 86_400,
    }),
  );
  return {
    page: `${shopUrl()}${MEMBER_UNSUBSCRIBE_PAGE}?token=${token}`,
    oneClick: `${shopUrl()}/api${MEMBER_UNSUBSCRIBE_API}?token=${token}`,
  };
}

/**
 * A confirmation link for a pending sign-up: it carries the nonce and the time it stops working
 * (the sign-up's `expiresAt` when it was mailed, MEMBER_CONFIRM_DAYS on).
 */
export function confirmLink(email: string, nonce: string, expiresAt: number): string {
  return memberLink(MEMBER_CONFIRM_PAGE, { p: 'confirm', e: email, n: nonce, x: expiresAt });
}

/** Whether a confirmation link is past its time (links mailed before they carried one: never). */
export function confirmLinkExpired(link: Pick<LinkPayload, 'x'>, now: Date): boolean {
  return link.x !== undefined && now.getTime() / 1000 >= link.x;
}

/** Whether an unsubscribe link is past its lifetime at `now`. */
export function unsubscribeLinkExpired(link: Pick<LinkPayload, 'x'>, now: Date): boolean {
  return now.getTime() / 1000 >= (link.x ?? UNDATED_UNSUBSCRIBE_LINKS_EXPIRE);
}

/** The headers every mail to members carries (RFC 2369 and RFC 8058 one-click), for its one-click link. */
export function unsubscribeHeaders(oneClick: string): { name: string; value: string }[] {
  return [
    { name: 'List-Unsubscribe', value: `<${oneClick}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
}

/**
 * The page a sign-up was made on, for its consent record: the path the web app sends, else the
 * path of the Referer (same-origin requests carry it), else 'unknown'. Only a path is kept.
 */
export function signupPage(page: string | undefined, referer: string | undefined): string {
  const pathOf = (value: string): string | undefined => {
    try {
      const url = new URL(value, 'https://shop.invalid');
      return url.pathname.slice(0, 200);
    } catch {
      return undefined;
    }
  };
  return (
    (page?.startsWith('/') ? pathOf(page) : undefined) ?? (referer ? pathOf(referer) : undefined) ?? 'unknown'
  );
}
