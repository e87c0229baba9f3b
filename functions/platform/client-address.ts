import { timingSafeEqual } from 'node:crypto';
import type { ApiEvent } from '#platform/handler.ts';

/**
 * The shopper's address for per-client limits. Behind CloudFront the API sees CloudFront's
 * address, so the viewer address header is read — but only when the stack says so
 * (TRUST_VIEWER_ADDRESS_HEADER) and the request proves it came through CloudFront, since
 * anyone can send that header otherwise.
 */
export function clientAddress(event: ApiEvent): string {
  if (process.env.TRUST_VIEWER_ADDRESS_HEADER === 'true' && fromCloudFront(event)) {
    const viewer = event.headers['cloudfront-viewer-address'];
    if (viewer) return viewer.replace(/:\d+$/, '');
  }
  return event.requestContext.http.sourceIp;
}

/**
 * The API's own endpoint stays reachable, so the header is believed only on requests that carry
 * the secret CloudFront adds to every request it forwards (ORIGIN_VERIFY, from the secrets).
 */
function fromCloudFront(event: ApiEvent): boolean {
  const expected = process.env.ORIGIN_VERIFY;
  const given = event.headers['x-origin-verify'];
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
