import { API_PREFIX } from '#shared/constants.ts';
import type { EdgeCacheName } from '#shared/edge-cache.ts';
import type { Route } from '../../functions/routes.ts';

/**
 * How CloudFront splits `/api` between its cache and the API, from the route table alone:
 * one caching behaviour per storefront read (`routes.filter((r) => r.edge)`), ahead of the
 * uncached `/api/*` that every other route goes through. CloudFront takes the first behaviour
 * whose path pattern matches, in order, whatever the method; so:
 * - a route that is no read but whose path a read's pattern also matches
 *   (`POST /products/search` under `/api/products/*`) gets an uncached behaviour of its own,
 *   placed before the read's;
 * - a read whose very path also takes other methods (`GET /films` beside the staff's
 *   `POST /films`, `DELETE /films`) is `shared`: its behaviour allows every method and forwards
 *   what the API needs, and a viewer-request function removes from GET and HEAD requests
 *   everything outside the cache key, so the read still sees only its path and query.
 * `apiBehaviourOf` finds the behaviour a request meets, as CloudFront does; the stack refuses a
 * plan in which any route would meet the wrong one.
 */

export interface CachedBehaviour {
  kind: 'cached';
  pattern: string;
  cache: EdgeCacheName;
  /** The query parameters of the cache key, sorted: exactly the read's. */
  query: readonly string[];
  /** The path also takes writes (other methods): all methods allowed, reads stripped to the key. */
  shared: boolean;
  /** The read this behaviour serves. */
  route: Route;
}

export interface PassBehaviour {
  kind: 'pass';
  pattern: string;
}

export type ApiBehaviour = CachedBehaviour | PassBehaviour;

/** The catch-all of `/api`, uncached: everything that is not a storefront read. */
export const API_PATTERN = `${API_PREFIX}/*`;

/** CloudFront's path pattern of a route: `/api` + its path, `{id}` → `*`. */
export function pathPatternOf(route: Route): string {
  return `${API_PREFIX}${route.path.replace(/\{[^}]+\}/g, '*')}`;
}

/** A path a route's requests have: its `{id}` filled in. */
function samplePathOf(route: Route): string {
  return `${API_PREFIX}${route.path.replace(/\{[^}]+\}/g, 'x')}`;
}

/** CloudFront's matching: `*` any characters (none too), `?` exactly one, case-sensitive. */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

/** The behaviour CloudFront gives a path: the first in order that matches, or none. */
export function apiBehaviourOf<T extends { pattern: string }>(
  behaviours: readonly T[],
  path: string,
): T | undefined {
  return behaviours.find((b) => patternMatches(b.pattern, path));
}

/** A pattern with wildcards matches more: it goes after the exact ones, the shortest last. */
function specificity(pattern: string): [number, number] {
  return [/[*?]/.test(pattern) ? 1 : 0, -pattern.length];
}

/** The `/api` behaviours, in CloudFront's order, ending with the uncached catch-all. */
export function apiBehaviours(rows: readonly Route[]): ApiBehaviour[] {
  const reads = rows.filter((route) => route.edge);
  const cached: CachedBehaviour[] = reads.map((route) => ({
    kind: 'cached',
    pattern: pathPatternOf(route),
    cache: route.edge?.cache as EdgeCacheName,
    query: [...(route.edge?.query ?? [])].sort(),
    shared: rows.some((other) => other !== route && other.path === route.path),
    route,
  }));
  const patterns = new Set(cached.map((b) => b.pattern));
  if (patterns.size !== cached.length)
    throw new Error('two storefront reads share a CloudFront path pattern');
  cached.sort((a, b) => {
    const [sa, sb] = [specificity(a.pattern), specificity(b.pattern)];
    return sa[0] - sb[0] || sa[1] - sb[1];
  });

  // Other routes a read's wildcard would catch keep the API's uncached way.
  const passes = new Map<string, PassBehaviour>();
  for (const other of rows) {
    if (other.edge || cached.some((b) => b.route.path === other.path)) continue;
    if (cached.some((b) => patternMatches(b.pattern, samplePathOf(other)))) {
      const pattern = pathPatternOf(other);
      passes.set(pattern, { kind: 'pass', pattern });
    }
  }
  const plan: ApiBehaviour[] = [...passes.values(), ...cached, { kind: 'pass', pattern: API_PATTERN }];
  checkPlan(plan, rows);
  return plan;
}

/**
 * Every route meets the behaviour meant for it: a read its own caching behaviour; any other
 * route an uncached one, or (another method on a read's path) the read's shared behaviour,
 * which CloudFront never caches for methods other than GET and HEAD.
 */
function checkPlan(plan: readonly ApiBehaviour[], rows: readonly Route[]): void {
  for (const route of rows) {
    const met = apiBehaviourOf(plan, samplePathOf(route));
    const where = `${route.method} ${route.path}`;
    if (!met) throw new Error(`${where} meets no /api behaviour`);
    if (route.edge) {
      if (met.kind !== 'cached' || met.route !== route)
        throw new Error(`${where} is a storefront read but meets ${met.pattern}`);
    } else if (met.kind === 'cached') {
      if (!met.shared || met.route.path !== route.path || route.method === 'GET')
        throw new Error(`${where} would be served by the caching behaviour ${met.pattern}`);
    }
  }
}

/**
 * Headers the API's origin request policy forwards from the viewer (besides cookies, and the
 * CloudFront-Viewer-Address CloudFront adds): what the handlers read.
 */
export const API_VIEWER_HEADERS = [
  'Origin',
  'Sec-Fetch-Site',
  'x-boutique-admin',
  // GET /orders/{code}: the buyer's proof (shared/contracts/checkout.ts, CHECKOUT_KEY_HEADER).
  'x-checkout-key',
  'Content-Type',
  'User-Agent',
] as const;

/**
 * The viewer-request function of every caching behaviour, made from the plan: a GET or HEAD keeps
 * its path and exactly the read's query parameters (any other is removed before the cache looks,
 * so the key holds only what the read takes), and loses every cookie and the API's headers;
 * other methods (the staff's writes on a shared path) pass untouched. One function and one cache
 * policy per class, instead of a policy per query list: an account holds 20 cache policies, and
 * every stage of the shop in it needs its own.
 */
export function readKeyOnlyCode(plan: readonly ApiBehaviour[]): string {
  const exact: Record<string, readonly string[]> = {};
  const prefixes: [string, readonly string[]][] = [];
  for (const b of plan) {
    if (b.kind !== 'cached') continue;
    if (/[*?]/.test(b.pattern)) {
      if (!/^[^*?]*\*$/.test(b.pattern)) throw new Error(`${b.pattern}: only a trailing * is supported`);
      prefixes.push([b.pattern.slice(0, -1), b.query]);
    } else exact[b.pattern] = b.query;
  }
  return `function handler(event) {
  var request = event.request;
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  var exact = ${JSON.stringify(exact)};
  var prefixes = ${JSON.stringify(prefixes)};
  var keep = exact[request.uri];
  for (var p = 0; !keep && p < prefixes.length; p++)
    if (request.uri.indexOf(prefixes[p][0]) === 0) keep = prefixes[p][1];
  keep = keep || [];
  for (var key in request.querystring) if (keep.indexOf(key) === -1) delete request.querystring[key];
  for (var name in request.cookies) delete request.cookies[name];
  var drop = ${JSON.stringify(API_VIEWER_HEADERS.map((h) => h.toLowerCase()))};
  for (var i = 0; i < drop.length; i++) delete request.headers[drop[i]];
  return request;
}`;
}
