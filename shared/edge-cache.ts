/**
 * How long a storefront read may be served from a cache (CloudFront in AWS, the release-day load
 * test's nginx locally) before the origin is asked again. A read's contract names its class
 * (shared/contracts/); its 200 answers carry the Cache-Control below, and the CDK stack gives its
 * route a CloudFront behaviour whose cache key is the path and the query the read takes, nothing
 * else (no cookie, no header). Everything else answers `no-store`.
 *
 * - `catalogue`: what staff change now and then (pictures, sizes, guides, texts, prices, films).
 *   A change shows within 60 s: 30 s fresh, then at most 30 s served stale while one request
 *   fetches the new answer.
 * - `availability`: what says whether a piece can be bought (sold, held, sold out). A sale or a
 *   hold shows within 3 s; checkout checks again on the server whatever the page showed.
 */
export const EDGE_CACHES = {
  catalogue: { sMaxAge: 30, staleWhileRevalidate: 30 },
  availability: { sMaxAge: 3, staleWhileRevalidate: 0 },
} as const;

export type EdgeCacheName = keyof typeof EDGE_CACHES;

/**
 * The header of a 200 answer of a read of this class. Browsers keep nothing (`max-age=0`): the
 * shared cache alone decides, so the bound holds for every shopper.
 */
export function cacheControlOf(name: EdgeCacheName): string {
  const { sMaxAge, staleWhileRevalidate } = EDGE_CACHES[name];
  return [
    'public',
    'max-age=0',
    `s-maxage=${sMaxAge}`,
    ...(staleWhileRevalidate > 0 ? [`stale-while-revalidate=${staleWhileRevalidate}`] : []),
  ].join(', ');
}

/** The longest a change at the origin can take to reach a shopper through the cache, in seconds. */
export function staleBoundOf(name: EdgeCacheName): number {
  const { sMaxAge, staleWhileRevalidate } = EDGE_CACHES[name];
  return sMaxAge + staleWhileRevalidate;
}
