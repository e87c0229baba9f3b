import type { ApiEvent } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';

/**
 * Defence in depth against cross-site requests on calls that change state with a session
 * (the SameSite=Strict cookie is the first line): a browser names the requesting site in
 * Sec-Fetch-Site and Origin, and anything not from the shop itself is refused. Clients that
 * send neither (curl, server code) carry no browser cookies, so they cannot be tricked.
 */
export function assertSameOrigin(event: ApiEvent): void {
  const site = event.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') throw crossSite();
  const origin = event.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  const allowed = new Set<string>();
  if (event.headers.host) allowed.add(event.headers.host);
  const shop = process.env.SHOP_URL;
  if (shop) allowed.add(new URL(shop).host);
  if (!allowed.has(host)) throw crossSite();
}

const crossSite = () => httpError(403, 'cross-site requests are not allowed');
