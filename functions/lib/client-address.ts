import type { ApiEvent } from './handler.ts';

/**
 * The shopper's address for per-client limits. Behind CloudFront the API sees CloudFront's
 * address, so the viewer address header is read — but only when the stack says CloudFront is
 * the sole way in (TRUST_VIEWER_ADDRESS_HEADER), since anyone can send that header otherwise.
 */
export function clientAddress(event: ApiEvent): string {
  if (process.env.TRUST_VIEWER_ADDRESS_HEADER === 'true') {
    const viewer = event.headers['cloudfront-viewer-address'];
    if (viewer) return viewer.replace(/:\d+$/, '');
  }
  return event.requestContext.http.sourceIp;
}
