import { type LinkPayload, signLink } from '#platform/signed-links.ts';
import { MEMBER_UNSUBSCRIBE_API, MEMBER_UNSUBSCRIBE_PAGE } from '#shared/membership.ts';

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
 * The two unsubscribe addresses of a member's mail: the page the mail's text links to, and the
 * RFC 8058 one-click address of its List-Unsubscribe header (the API row, which takes a POST).
 */
export function unsubscribeLinks(email: string): { page: string; oneClick: string } {
  const token = encodeURIComponent(signLink({ p: 'unsubscribe', e: email }));
  return {
    page: `${shopUrl()}${MEMBER_UNSUBSCRIBE_PAGE}?token=${token}`,
    oneClick: `${shopUrl()}/api${MEMBER_UNSUBSCRIBE_API}?token=${token}`,
  };
}

/** The headers every mail to members carries (RFC 2369 and RFC 8058 one-click). */
export function unsubscribeHeaders(email: string): { name: string; value: string }[] {
  return [
    { name: 'List-Unsubscribe', value: `<${unsubscribeLinks(email).oneClick}>` },
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
