import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDGE_CACHES, staleBoundOf } from '#shared/edge-cache.ts';
import { routes } from '../../functions/routes.ts';
import { BUDGETS, type Budget, withinBudget } from '../bench/budgets.ts';
import { percentile } from '../bench/stats.ts';
import type { CrowdFigures } from './crowd.ts';
import type { AccessLine } from './edge-cache.ts';
import type { Purchase } from './shoppers.ts';
import type { Page } from './walk.ts';

/**
 * The figures of `npm run load` and the pages they are written to: the "Release day" section of
 * docs/benchmarks.md (kept between markers, so `npm run bench`, which writes the rest of that
 * page, keeps it) and docs/capacity.md, the capacity model computed from them.
 */

const edgeReads = routes
  .filter((r) => r.edge && r.method === 'GET')
  .map((r) => ({
    route: r,
    pattern: new RegExp(`^/api${r.path.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`),
  }));

/** A GET of an edge-cached storefront read (by the route table). */
export function isStorefrontRead(line: Pick<AccessLine, 'method' | 'uri'>): boolean {
  return (line.method === 'GET' || line.method === 'HEAD') && edgeReads.some((r) => r.pattern.test(line.uri));
}

export interface OriginFigures {
  /** Requests for storefront reads that reached the origin (one Lambda invocation each). */
  storefrontOriginRequests: number;
  /** Every request that reached the origin (checkout, webhooks through the cache, the reads). */
  originRequests: number;
  originPerPageView: number;
  ddbPerPageView: number;
  /** The origin's time per storefront request that reached it (nginx's request time), ms. */
  originMeanMs: number;
  originP99Ms: number;
  /** Storefront answers served by the cache over all storefront answers the crowd got. */
  hitRatio: number;
}

export function originFigures(lines: AccessLine[], crowd: CrowdFigures): OriginFigures {
  const storefront = lines.filter((l) => l.upstream !== '' && isStorefrontRead(l));
  const ms = storefront.map((l) => l.ms);
  const hits = crowd.reads.reduce(
    (n, r) => n + (r.cache.HIT ?? 0) + (r.cache.STALE ?? 0) + (r.cache.UPDATING ?? 0),
    0,
  );
  const answers = crowd.reads.reduce((n, r) => n + r.calls, 0);
  return {
    storefrontOriginRequests: storefront.length,
    originRequests: lines.filter((l) => l.upstream !== '').length,
    originPerPageView: storefront.length / Math.max(1, crowd.pageViews),
    ddbPerPageView: storefront.reduce((n, l) => n + l.ddb, 0) / Math.max(1, crowd.pageViews),
    originMeanMs: ms.length ? ms.reduce((a, b) => a + b, 0) / ms.length : 0,
    originP99Ms: percentile(ms, 99),
    hitRatio: answers ? hits / answers : 0,
  };
}

export interface LoadResults {
  when: string;
  settings: Record<string, number | boolean>;
  /** The pages of one walk (the new piece's), with their calls. */
  walks: Page[];
  today: { crowd: CrowdFigures; origin: OriginFigures };
  withCache: { crowd: CrowdFigures; origin: OriginFigures };
  race: { racers: number; ms: number; statuses: Record<string, number>; winner: Purchase };
  purchases: Purchase[];
  /** The checkout calls through the cache, `path status` → count. */
  checkoutPaths: Record<string, number>;
  webhooks: { events: number; deliveries: number; failed: number; statuses: Record<string, number> };
  newPiece: {
    id: string;
    paidOrders: number;
    orders: number;
    productSold: boolean;
    shownSoldAfterMs: number | undefined;
    boundS: number;
  };
  /** A storefront read at the origin with nothing else running, mean ms (the Lambda duration used). */
  quietOriginMs: number;
  /** POST /secret through the cache: DynamoDB requests and origin ms, means. */
  checkout: { secretDdbMean: number; secretMeanMs: number; quietHoldMs: number; quietRefusedMs: number };
  durationS: number;
}

/** Checkout answers that are errors: none came, or a 5xx (a 406 "taken" is an answer). */
export function checkoutErrors(results: Pick<LoadResults, 'race' | 'purchases' | 'checkoutPaths'>): number {
  // The payment path's writes (the success page's reads are listed, not counted here).
  const fromPaths = Object.entries(results.checkoutPaths)
    .filter(([key]) => key.startsWith('POST '))
    .filter(([key]) => {
      const status = Number(key.split(' ').at(-1));
      return status === 0 || status >= 500;
    })
    .reduce((n, [, k]) => n + k, 0);
  const unanswered = Object.entries(results.race.statuses)
    .filter(([status]) => Number(status) === 0)
    .reduce((n, [, k]) => n + k, 0);
  const buyers = [...results.purchases, results.race.winner]
    .flatMap((p) => p.statuses)
    .filter((s) => s === 0).length;
  return fromPaths + unanswered + buyers;
}

const n0 = (v: number) => Math.round(v).toLocaleString('en-US');
const n1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const n2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const n3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');
const usd = (v: number) => (v === 0 ? '$0' : v < 0.01 ? `$${v.toPrecision(2)}` : `$${v.toFixed(4)}`);
const status = (value: number, budget: Budget) => (withinBudget(value, budget) ? 'ok' : '**outside budget**');
const limitText = (b: Budget) => `${b.kind === 'max' ? '≤' : '≥'} ${b.limit}`;

export const RELEASE_DAY_START = '<!-- release-day:start -->';
export const RELEASE_DAY_END = '<!-- release-day:end -->';

/** The release-day section of a benchmarks page (markers included), or '' when it has none. */
export function releaseDaySection(page: string): string {
  const start = page.indexOf(RELEASE_DAY_START);
  const end = page.indexOf(RELEASE_DAY_END);
  return start >= 0 && end > start ? page.slice(start, end + RELEASE_DAY_END.length) : '';
}

/** The page with its release-day section replaced by (or followed by) `section`. */
export function withReleaseDay(page: string, section: string): string {
  const old = releaseDaySection(page);
  if (!section) return page;
  return old ? page.replace(old, section) : `${page.trimEnd()}\n\n${section}\n`;
}

export function renderReleaseDay(r: LoadResults): string {
  const c = r.withCache;
  const t = r.today;
  const errors = checkoutErrors(r);
  const webhookErrors = r.webhooks.failed;
  const shown = r.newPiece.shownSoldAfterMs;
  const shownS = shown === undefined ? Number.NaN : shown / 1000;
  const readRows = c.crowd.reads.map((read) => {
    const before = t.crowd.reads.find((x) => x.read === read.read);
    const cache = Object.entries(read.cache)
      .sort(([, a], [, b]) => b - a)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const edge = routes.find((x) => x.path === read.read && x.edge)?.edge?.cache ?? '';
    return `| GET /api${read.read} | ${edge} | ${n0(read.calls)} | ${cache} | ${n1(read.p50Ms)} | ${n1(read.p99Ms)} | ${status(read.p99Ms, BUDGETS.cachedReadP99Ms)} | ${before ? n1(before.p99Ms) : '—'} |`;
  });
  const walk = r.walks
    .map(
      (p) =>
        `| ${p.name} | \`web/src/${p.source}\` | ${p.calls.map((x) => `GET /api${x.read}`).join(', ')} |`,
    )
    .join('\n');
  const classes = Object.entries(EDGE_CACHES)
    .map(
      ([name, v]) =>
        `\`${name}\` s-maxage ${v.sMaxAge} s${v.staleWhileRevalidate ? `, stale-while-revalidate ${v.staleWhileRevalidate} s` : ''} (a change shows within ${staleBoundOf(name as keyof typeof EDGE_CACHES)} s)`,
    )
    .join('; ');
  return `${RELEASE_DAY_START}
## 7. Release day (\`npm run load\`)

Written by \`npm run load\` (\`test/load/run.ts\`), which \`npm run bench\` leaves as it is. Run
${r.when.replace(/\.\d+Z$/, 'Z')}, ${n0(r.durationS)} s in all, on the machine above.

- The local stack with the demo catalogue, and in front of it nginx from Debian
  (\`test/load/edge-cache.ts\`) configured like the CloudFront behaviours from the route table:
  each edge-cached read keyed by its path and the query parameters it takes (no cookie, no
  header), kept as its \`Cache-Control\` says (${classes}), simultaneous misses collapsed
  (\`proxy_cache_lock\`); every other /api path uncached.
- The crowd: ${r.settings.shoppers} shoppers at once (autocannon connections, \`test/load/crowd.ts\`), ${r.settings.rate ? `${r.settings.rate} requests per second in all` : 'as fast as answered'}, each walking
  \`/women\` → collection → product → purchase page for the new piece, then for another gown, a
  page's calls one after another (the "ms per page view" is their sum; a browser makes them at once).
  First ${r.settings.todaySeconds} s with every call passed to the origin (**today**: CloudFront's /api
  behaviour has caching disabled), then after a ${r.settings.warmupSeconds} s warm-up ${r.settings.seconds} s through the cache
  while ${r.race.racers} shoppers race for the one new piece and ${r.purchases.length} others pay by card and PayPal.
- Origin requests are counted from nginx's access log (the lines with an upstream address,
  background refreshes included); each is one Lambda invocation. DynamoDB requests are the
  origin's \`x-ddb-requests\` on those lines.

The pages and their calls (\`test/load/walk.ts\`):

| page | web app | API calls |
|---|---|---|
${walk}

### Budgets

| figure | today (no cache) | with the cache | budget | |
|---|---:|---:|---|---|
| origin requests per page view, after warm-up | ${n2(t.origin.originPerPageView)} | ${n3(c.origin.originPerPageView)} | ${limitText(BUDGETS.originRequestsPerPageView)} | ${status(c.origin.originPerPageView, BUDGETS.originRequestsPerPageView)} |
| errors on the payment path: checkout starts, PayPal captures (no answer or 5xx) | | ${errors} | ${limitText(BUDGETS.checkoutErrors)} | ${status(errors, BUDGETS.checkoutErrors)} |
| webhook deliveries not acknowledged | | ${webhookErrors} of ${r.webhooks.deliveries} | ${limitText(BUDGETS.checkoutErrors)} | ${status(webhookErrors, BUDGETS.checkoutErrors)} |
| the new piece: paid orders (read from the table) | | ${r.newPiece.paidOrders} | = 1 | ${r.newPiece.paidOrders === 1 && r.newPiece.productSold ? 'ok' : '**not sold exactly once**'} |
| the new piece shown sold through the cache after its sale, s | | ${n1(shownS)} | ${limitText(BUDGETS.shownSoldWithinS)} (${r.newPiece.boundS} s + 1 s) | ${status(shownS, BUDGETS.shownSoldWithinS)} |

### The crowd

| figure | today (no cache) | with the cache |
|---|---:|---:|
| page views | ${n0(t.crowd.pageViews)} | ${n0(c.crowd.pageViews)} |
| page views per second | ${n0(t.crowd.pageViews / t.crowd.seconds)} | ${n0(c.crowd.pageViews / c.crowd.seconds)} |
| API calls per page view | ${n2(t.crowd.requests / Math.max(1, t.crowd.pageViews))} | ${n2(c.crowd.requests / Math.max(1, c.crowd.pageViews))} |
| storefront origin requests (Lambda invocations) | ${n0(t.origin.storefrontOriginRequests)} | ${n0(c.origin.storefrontOriginRequests)} |
| Lambda invocations per page view | ${n2(t.origin.originPerPageView)} | ${n3(c.origin.originPerPageView)} |
| DynamoDB requests per page view | ${n2(t.origin.ddbPerPageView)} | ${n3(c.origin.ddbPerPageView)} |
| cache hit ratio (HIT, STALE, UPDATING over all answers) | — | ${(c.origin.hitRatio * 100).toFixed(1)} % |
| ms per page view, p50 / p99 | ${n1(t.crowd.pageP50Ms)} / ${n1(t.crowd.pageP99Ms)} | ${n1(c.crowd.pageP50Ms)} / ${n1(c.crowd.pageP99Ms)} |
| origin time per request that reached it, mean / p99 ms | ${n1(t.origin.originMeanMs)} / ${n1(t.origin.originP99Ms)} | ${n1(c.origin.originMeanMs)} / ${n1(c.origin.originP99Ms)} |
| crowd answers: not 2xx / errors / timeouts | ${t.crowd.non2xx} / ${t.crowd.errors} / ${t.crowd.timeouts} | ${c.crowd.non2xx} / ${c.crowd.errors} / ${c.crowd.timeouts} |

### Each storefront read through the cache

Budget for the p99 through the cache: ${limitText(BUDGETS.cachedReadP99Ms)} ms.

| read | cache class | calls | X-Cache-Status | p50 ms | p99 ms | p99 | p99 ms today |
|---|---|---:|---|---:|---:|---|---:|
${readRows.join('\n')}

### Checkout during the burst

| figure | value |
|---|---|
| the race: checkout starts for the one new piece | ${r.race.racers}, all at once, in ${n0(r.race.ms)} ms |
| their answers | ${Object.entries(r.race.statuses)
    .map(([s, k]) => `${s}: ${k}`)
    .join(', ')} |
| the winner's card payment | ${r.race.winner.statuses.join(', ') || '—'} → order ${r.race.winner.orderStatus} |
| other purchases (card / PayPal) | ${r.purchases.filter((p) => p.method === 'card').length} / ${r.purchases.filter((p) => p.method === 'paypal').length}: ${Object.entries(
    r.purchases.reduce<Record<string, number>>((m, p) => {
      m[p.orderStatus] = (m[p.orderStatus] ?? 0) + 1;
      return m;
    }, {}),
  )
    .map(([s, k]) => `${s} ${k}`)
    .join(', ')} |
| checkout calls through the cache | ${Object.entries(r.checkoutPaths)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ')} |
| webhook events / deliveries / not acknowledged | ${r.webhooks.events} / ${r.webhooks.deliveries} / ${r.webhooks.failed} |
| orders for the new piece / paid | ${r.newPiece.orders} / ${r.newPiece.paidOrders} |
${RELEASE_DAY_END}`;
}

/**
 * List prices, us-east-1, as published by AWS in 2025 (on-demand, no free tier, no savings plans).
 * A figure here is a price per unit in USD.
 */
export const PRICES = {
  /** CloudFront, HTTPS requests, United States: $0.0100 per 10,000. */
  cloudFrontRequest: 0.01 / 10_000,
  /** CloudFront data transfer out to the internet, United States, first 10 TB: $0.085 per GB. */
  cloudFrontGb: 0.085,
  /** API Gateway HTTP API, first 300 million requests: $1.00 per million. */
  httpApiRequest: 1 / 1_000_000,
  /** Lambda, Arm: $0.20 per million requests and $0.0000133334 per GB-second. */
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecond: 0.0000133334,
  /** DynamoDB on-demand: $0.125 per million read request units, $0.625 per million write request units. */
  dynamoRead: 0.125 / 1_000_000,
  dynamoWrite: 0.625 / 1_000_000,
  /** SES outbound mail: $0.10 per 1,000. */
  sesMail: 0.1 / 1000,
  /** CloudFront Functions: $0.10 per million invocations (the key function on every cached read). */
  cloudFrontFunction: 0.1 / 1_000_000,
} as const;

/** The shop's functions: Arm, 512 MB (infra/constructs/api-function.ts). */
const LAMBDA_GB = 0.5;

export function renderCapacity(r: LoadResults): string {
  const c = r.withCache;
  const t = r.today;
  const pagesPerVisit = r.walks.length;
  const callsPerPage = c.crowd.requests / Math.max(1, c.crowd.pageViews);
  const bytesPerCall = c.crowd.bytes / Math.max(1, c.crowd.requests);
  // Checkout: one start per shopper in ten (assumed), one invocation each; each sale adds the
  // webhook and the success page's reads. DynamoDB per start is what POST /secret cost locally.
  const startsPerShopper = 0.1;
  const secretDdb = r.checkout.secretDdbMean;
  const readMs = r.quietOriginMs;
  // A start in a race is nearly always refused (the piece is held): its quiet time.
  const secretMs = r.checkout.quietRefusedMs;
  /** A warm Lambda reading DynamoDB in AWS: tens of ms (an assumption, for the second column). */
  const awsMs = 50;
  const rows = [10_000, 50_000, 100_000].map((shoppers) => {
    const pagesPerSecond = (shoppers * pagesPerVisit) / 60;
    const viewerPerSecond = pagesPerSecond * callsPerPage;
    const scenario = (o: OriginFigures) => {
      const invocations = pagesPerSecond * o.originPerPageView;
      const starts = (shoppers * startsPerShopper) / 60;
      const concurrency = invocations * (readMs / 1000) + starts * (secretMs / 1000);
      const concurrencyAws = (invocations + starts) * (awsMs / 1000);
      const reads = pagesPerSecond * o.ddbPerPageView + starts * secretDdb;
      return { invocations, starts, concurrency, concurrencyAws, reads };
    };
    return { shoppers, pagesPerSecond, viewerPerSecond, today: scenario(t.origin), edge: scenario(c.origin) };
  });
  const costPer1000 = (o: OriginFigures, edge: boolean) => {
    const pages = 1000 * pagesPerVisit;
    const calls = pages * callsPerPage;
    const invocations = pages * o.originPerPageView;
    const parts = {
      'CloudFront requests': calls * PRICES.cloudFrontRequest,
      'CloudFront data out': ((calls * bytesPerCall) / 1e9) * PRICES.cloudFrontGb,
      // Every call of the walk is an edge-cached read, each cut to its key by a CloudFront Function.
      'CloudFront Functions': edge ? calls * PRICES.cloudFrontFunction : 0,
      'API Gateway requests': invocations * PRICES.httpApiRequest,
      'Lambda requests': invocations * PRICES.lambdaRequest,
      'Lambda compute': invocations * (Math.max(1, readMs) / 1000) * LAMBDA_GB * PRICES.lambdaGbSecond,
      'DynamoDB reads': pages * o.ddbPerPageView * PRICES.dynamoRead,
    };
    return { parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
  };
  const costToday = costPer1000(t.origin, false);
  const costEdge = costPer1000(c.origin, true);
  const costRows = Object.keys(costEdge.parts).map(
    (k) =>
      `| ${k} | ${usd(costToday.parts[k as keyof typeof costToday.parts])} | ${usd(costEdge.parts[k as keyof typeof costEdge.parts])} |`,
  );
  const saleCost =
    2 * PRICES.lambdaRequest +
    2 * PRICES.httpApiRequest +
    2 * PRICES.sesMail +
    secretDdb * PRICES.dynamoWrite * 2;
  return `# Capacity on release day

Written by \`npm run load\` (\`test/load/run.ts\`) from the figures it measured on ${r.when.slice(0, 10)}
(docs/benchmarks.md, "Release day"). A model, not a measurement of AWS: the per-page-view figures
are the local stack's, multiplied out.

## The measured figures it starts from

| figure | today (no cache) | with the edge cache |
|---|---:|---:|
| pages per visit (\`/women\` → collection → product → purchase) | ${pagesPerVisit} | ${pagesPerVisit} |
| API calls per page view (viewer requests to CloudFront) | ${n2(t.crowd.requests / Math.max(1, t.crowd.pageViews))} | ${n2(callsPerPage)} |
| Lambda invocations per page view | ${n2(t.origin.originPerPageView)} | ${n3(c.origin.originPerPageView)} |
| DynamoDB requests per page view | ${n2(t.origin.ddbPerPageView)} | ${n3(c.origin.ddbPerPageView)} |
| a storefront read at the origin, nothing else running, mean ms (the duration used below) | ${n1(readMs)} | ${n1(readMs)} |
| the same under the crowd, queueing on two shared cores included, mean ms | ${n1(t.origin.originMeanMs)} | ${n1(c.origin.originMeanMs)} |
| bytes per API answer | ${n0(t.crowd.bytes / Math.max(1, t.crowd.requests))} | ${n0(bytesPerCall)} |
| checkout start (POST /secret): DynamoDB requests (in the race), ms nothing else running: refused / holding | ${n1(secretDdb)}, ${n1(r.checkout.quietRefusedMs)} / ${n1(r.checkout.quietHoldMs)} | same |
| the same in the race (200 at once, behind each other on two cores), mean ms | ${n1(r.checkout.secretMeanMs)} | same |

Assumptions: a shopper makes one visit in the minute, visits spread evenly over it (a real
minute peaks higher: keep 2× headroom); one shopper in ten starts a checkout (the race for one
piece: all but one are told it is taken, one invocation each); each sale sends 2 mails (order
confirmation, portal password). With the cache the origin's load does not grow with the crowd
as the model assumes: a cached read reaches the origin about once per key per
${EDGE_CACHES.catalogue.sMaxAge} s (catalogue) or ${EDGE_CACHES.availability.sMaxAge} s (availability) per edge location whatever the crowd, so the figures
below are an upper bound.

## What N shoppers in one minute need

| shoppers in a minute | page views/s | CloudFront requests/s | Lambda invocations/s today → with cache | Lambda concurrency at the local times, today → with cache | the same at ${awsMs} ms per invocation | DynamoDB requests/s today → with cache |
|---:|---:|---:|---:|---:|---:|---:|
${rows
  .map(
    (x) =>
      `| ${n0(x.shoppers)} | ${n0(x.pagesPerSecond)} | ${n0(x.viewerPerSecond)} | ${n0(x.today.invocations + x.today.starts)} → ${n0(x.edge.invocations + x.edge.starts)} | ${n0(Math.ceil(x.today.concurrency))} → ${n0(Math.ceil(x.edge.concurrency))} | ${n0(Math.ceil(x.today.concurrencyAws))} → ${n0(Math.ceil(x.edge.concurrencyAws))} | ${n0(x.today.reads)} → ${n0(x.edge.reads)} |`,
  )
  .join('\n')}

- **Lambda concurrency** is invocations per second × seconds per invocation (Little's law): a
  storefront read and a refused checkout start at their local times with nothing else running
  (in process, DynamoDB Local on loopback), and again at ${awsMs} ms each, nearer what a warm Lambda
  reading DynamoDB over the network takes (an assumption; CloudWatch's duration is the figure to
  use once deployed; cold starts add more). The account's pool is 1,000 by default (less on a new account):
  today's storefront alone would use the figures on the left of the arrow from that shared
  pool, which the checkout and webhook functions need too.
- **DynamoDB** (on-demand): requests per second above, about one read request unit each (items
  under 4 KB; eventually consistent reads cost half). A new on-demand table serves up to 12,000
  read and 4,000 write request units per second at once and doubles its previous peak within
  30 minutes; checkout starts add about ${n1(secretDdb)} requests each, mostly writes in one
  transaction (2 write units per item).
- **CloudFront** requests are every API call of every page view (plus the page, its scripts and
  pictures, served from the edge as well and not counted here).
- **SES**: each sale sends 2 mails, a handful per minute. The release announcement itself is the
  load: reaching ${n0(10_000)} / ${n0(50_000)} / ${n0(100_000)} members in a minute would need
  ${n0(10_000 / 60)} / ${n0(50_000 / 60)} / ${n0(100_000 / 60)} mails per second, far above a new production account's SES
  sending rate (14 per second until raised): the release sender (issue 17) must send at the
  account's rate, spreading the announcement over minutes, or the quota must be raised first.

## AWS cost per 1,000 visits (us-east-1, list prices)

Prices used: CloudFront $0.0100 per 10,000 HTTPS requests and $0.085 per GB out (United States);
API Gateway HTTP API $1.00 per million requests; Lambda (Arm) $0.20 per million requests and
$0.0000133334 per GB-second at 512 MB; DynamoDB on-demand $0.125 per million read and $0.625 per
million write request units; SES $0.10 per 1,000 mails; CloudFront Functions $0.10 per million
invocations. No free tier, no savings plans.

| part (browsing: ${pagesPerVisit} pages per visit) | today | with the cache |
|---|---:|---:|
${costRows.join('\n')}
| **total per 1,000 visits** | **${usd(costToday.total)}** | **${usd(costEdge.total)}** |

A sale adds about ${usd(saleCost)} (its checkout start and webhook invocations, two mails, the
sale's writes); a refused checkout start about ${usd(PRICES.lambdaRequest + PRICES.httpApiRequest + secretDdb * PRICES.dynamoWrite)}.
`;
}

export function writeResults(results: LoadResults, root: string, log: (line: string) => void): void {
  const benchmarks = join(root, 'docs', 'benchmarks.md');
  const page = existsSync(benchmarks) ? readFileSync(benchmarks, 'utf8') : '# Benchmarks\n';
  writeFileSync(benchmarks, withReleaseDay(page, renderReleaseDay(results)));
  const capacity = join(root, 'docs', 'capacity.md');
  writeFileSync(capacity, renderCapacity(results));
  // Laid out as the project's formatter lays out Markdown (aligned tables), so `npm run lint` passes.
  const biome = join(root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome)) execFileSync(biome, ['format', '--write', capacity], { stdio: 'ignore' });
  log(`wrote ${benchmarks} (Release day) and ${capacity}`);
}
