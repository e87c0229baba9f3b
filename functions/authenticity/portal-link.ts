import { PORTAL_PAGE } from '#shared/constants.ts';

/** The shop's own address, for links in mail (the local stack and CDK set SHOP_URL). */
export function shopUrl(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return url.replace(/\/+$/, '');
}

/** The authenticity portal's login page, as the password mails link it. */
export function portalLink(): string {
  return `${shopUrl()}${PORTAL_PAGE}`;
}
