import type { Budget } from './budgets.ts';
import { atMost, BUDGETS, withinBudget } from './budgets.ts';
import type { Bundle, ImportBaseline, ImportTime, PackageShare } from './bundles.ts';
import type { LoadResult } from './gateway-load.ts';
import type { HandlerLatency } from './handlers.ts';
import type { Machine } from './machine.ts';
import type { FirstScreenPictures, PictureSetFigures } from './pictures.ts';
import { PURCHASE_ROUTE_BEFORE, type PurchaseRouteJs } from './purchase-route.ts';
import { KIB } from './stats.ts';
import type { VerifyPageFigures } from './verify-page.ts';
import type { FirstLoadJs, LighthouseResults } from './web.ts';

/** Renders docs/benchmarks.md from what the bench measured. */

/** A part of the bench either gave its figures or says why it has none. */
export type Outcome<T> = { value: T } | { missing: string };

export interface BundleFigures {
  bundles: Bundle[];
  buildMs: number;
  imports: Map<string, ImportTime>;
  baseline: ImportBaseline;
  importRuns: { storefront: number; other: number };
  /** What fills the biggest storefront read's bundle. */
  biggestRead?: { handler: string; bytes: number; packages: PackageShare[]; zodFiles: PackageShare[] };
}

export interface BenchResults {
  machine: Machine;
  loadAtEnd: number;
  durationS: number;
  bundles: Outcome<BundleFigures>;
  handlers: Outcome<{
    results: Omit<HandlerLatency, 'times'>[];
    warmup: number;
    calls: number;
    rounds: number;
  }>;
  gateway: Outcome<LoadResult[]>;
  firstLoad: Outcome<FirstLoadJs>;
  purchaseRoute: Outcome<PurchaseRouteJs>;
  lighthouse: Outcome<LighthouseFigures>;
  verifyPage: Outcome<VerifyPageFigures>;
  pictures: Outcome<FirstScreenPictures>;
  pictureSet: Outcome<PictureSetFigures>;
}

interface Breach {
  figure: string;
  value: number;
  shown: string;
  budget: Budget;
}

interface Group {
  name: string;
  unit: string;
  total: number;
  breaches: Breach[];
}

const kb = (bytes: number) => (bytes / KIB).toFixed(1);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

function budgetText(budget: Budget, unit = ''): string {
  const limit = `${budget.limit}${unit === '×' ? unit : unit ? ` ${unit}` : ''}`;
  return budget.kind === 'max' ? `≤ ${limit}` : `≥ ${limit}`;
}

class Page {
  readonly groups = new Map<string, Group>();

  /**
   * The status cell of a figure. Figures are counted per group (e.g. "import ratio, storefront
   * reads") so the summary can say how many of each are outside their budget.
   */
  status(group: string, figure: string, value: number, shown: string, budget: Budget, unit = ''): string {
    let entry = this.groups.get(group);
    if (!entry) {
      entry = { name: group, unit, total: 0, breaches: [] };
      this.groups.set(group, entry);
    }
    entry.total++;
    if (withinBudget(value, budget)) return 'ok';
    entry.breaches.push({ figure, value, shown, budget });
    return budget.kind === 'max' ? '**over budget**' : '**under budget**';
  }

  summary(): string {
    const lines: string[] = [];
    for (const group of this.groups.values()) {
      if (group.breaches.length === 0) continue;
      const unit = group.unit === '×' ? '×' : group.unit ? ` ${group.unit}` : '';
      const sorted = [...group.breaches].sort((a, b) =>
        a.budget.kind === 'max' ? b.value - a.value : a.value - b.value,
      );
      const shownBreaches =
        sorted.length <= 6
          ? sorted.map((b) => `${b.figure} ${b.shown}${unit}`).join('; ')
          : `worst ${sorted[0]?.figure} ${sorted[0]?.shown}${unit}, least ${sorted.at(-1)?.figure} ${sorted.at(-1)?.shown}${unit}`;
      const budgets = [...new Set(group.breaches.map((b) => budgetText(b.budget, group.unit)))].join(', ');
      lines.push(
        `| ${group.name} | **${group.breaches.length} of ${group.total}** | ${budgets} | ${shownBreaches} |`,
      );
    }
    const count = [...this.groups.values()].reduce((sum, g) => sum + g.breaches.length, 0);
    if (count === 0) return 'Every figure is within its budget.\n';
    return `${count} figure(s) outside their budget:

| figures | outside budget | budget | which |
|---|---|---|---|
${lines.join('\n')}
`;
  }
}

const missing = (outcome: { missing: string }) => `_Not measured: ${outcome.missing}_\n`;

function machineSection(results: BenchResults): string {
  const m = results.machine;
  return `| | |
|---|---|
| date | ${m.date} |
| CPU | ${m.cpuModel}, ${m.cores} cores |
| memory | ${m.memoryGib.toFixed(1)} GiB |
| Node | ${m.node} |
| OS | ${m.os} |
| Java (DynamoDB Local) | ${m.java} |
| load average (1 min) | ${m.loadAtStart.toFixed(2)} at start, ${results.loadAtEnd.toFixed(2)} at the end |
| bench duration | ${(results.durationS / 60).toFixed(1)} min |
`;
}

const HOW_TO_READ = `## How to read these figures

- Every figure stands beside its budget and a status: **ok**, **over budget** (should be at most
  the budget) or **under budget** (should be at least the budget). Figures outside their budget
  are also listed in the summary below. Budgets are goals, not tests: \`npm run bench\` writes the
  figures down and never fails on them, and none of this runs in \`npm test\`.
- Timings come from a small shared machine (see the load average above): they swing from run to
  run, so compare medians and percentiles across runs on the same machine, not single numbers
  across machines. Sizes and DynamoDB request counts are exact and repeatable.
- KB means 1,024 bytes. "ms" is milliseconds of wall time.
- Medians of an even number of runs take the lower middle value; p99 is the nearest-rank 99th
  percentile.
`;

function bundlesSection(page: Page, outcome: BenchResults['bundles']): string {
  if ('missing' in outcome) return `## 1. Lambda bundles\n\n${missing(outcome)}`;
  const f = outcome.value;
  const reads = f.bundles.filter((b) => b.storefrontRead);
  const rows = f.bundles.map((bundle, index) => {
    const kind = bundle.storefrontRead ? 'storefront reads' : 'other functions';
    const size = page.status(
      `bundle size, ${kind}`,
      bundle.handler,
      bundle.bytes / KIB,
      kb(bundle.bytes),
      bundle.budget,
      'KB',
    );
    const time = f.imports.get(bundle.handler);
    const overheadBudget = bundle.storefrontRead
      ? BUDGETS.storefrontImportOverheadMs
      : BUDGETS.otherImportOverheadMs;
    const importCells = time
      ? `${ms(time.importMs)} | ${ms(time.overheadMs)} | ${budgetText(overheadBudget, ' ms')} | ${page.status(
          `import over an empty process, ${kind}`,
          bundle.handler,
          time.overheadMs,
          ms(time.overheadMs),
          overheadBudget,
          ' ms',
        )}${time.networkHandles.length > 0 ? ` (opened ${time.networkHandles.join(', ')} on import)` : ''} | ${time.ratio.toFixed(2)}× | ${time.cpuRatio.toFixed(2)}×`
      : 'not measured | | | | |';
    return `| ${index + 1} | \`${bundle.handler}\` | ${bundle.routes.join('<br>')} | ${bundle.storefrontRead ? 'yes' : ''} | ${kb(bundle.bytes)} | ${budgetText(bundle.budget)} | ${size} | ${importCells} |`;
  });
  const total = f.bundles.reduce((sum, b) => sum + b.bytes, 0);
  const overReads = reads.filter((b) => !withinBudget(b.bytes / KIB, b.budget)).length;
  const overOthers = f.bundles.filter(
    (b) => !b.storefrontRead && !withinBudget(b.bytes / KIB, b.budget),
  ).length;
  const opened = f.bundles.filter((b) => (f.imports.get(b.handler)?.networkHandles.length ?? 0) > 0);
  const networkNote =
    opened.length === 0
      ? 'no bundle had a socket or a DNS look-up open right after its import.'
      : `**${opened.length} bundle(s) had a socket or a DNS look-up open right after the import** (see their rows).`;
  const biggest = f.biggestRead;
  const composition = biggest
    ? `
### What fills a storefront read's bundle

The biggest storefront read, \`${biggest.handler}\` (${kb(biggest.bytes)} KB), by npm package
(esbuild's metafile, bytes each input contributes to the minified output):

| package | KB | share |
|---|---:|---:|
${biggest.packages
  .slice(0, 15)
  .map((p) => `| ${p.name} | ${kb(p.bytes)} | ${((100 * p.bytes) / biggest.bytes).toFixed(1)} % |`)
  .join('\n')}
| everything else (${Math.max(0, biggest.packages.length - 15)} more) | ${kb(
        biggest.packages.slice(15).reduce((sum, p) => sum + p.bytes, 0),
      )} | |

Its biggest zod files:

| file | KB |
|---|---:|
${biggest.zodFiles.map((z) => `| ${z.name} | ${kb(z.bytes)} |`).join('\n')}
`
    : '';
  return `## 1. Lambda bundles, as deployed: size and cold import

Every function's bundle as \`cdk deploy\` uploads it: its \`index.mjs\` in \`cdk.out\` (after
\`npm run synth\`; esbuild, minified, ESM, \`node24\`, AWS SDK bundled with the environment
credential provider, Stripe and PayPal SDKs installed beside the payment functions' bundles and
loaded on first use), biggest first; source maps and those SDKs are left out of the sizes.

- ${f.bundles.length} bundles, ${(total / KIB / KIB).toFixed(1)} MB in all (built again in ${(f.buildMs / 1000).toFixed(1)} s for esbuild's account of what fills them).
- A **storefront read** is a public GET served by a \`catalog/\` or \`size-finder/\` handler
  (\`functions/routes.ts\`). Size budget: ${budgetText(BUDGETS.storefrontBundleKib)} KB. Over budget: ${overReads} of ${reads.length}.
- Every other function: ${budgetText(BUDGETS.otherBundleKib)} KB. Over budget: ${overOthers} of ${f.bundles.length - reads.length}.
- **Cold import**: a fresh \`node\` process imports the bundle with the environment its template
  gives it (\`NODE_OPTIONS\` included), its AWS endpoints pointed at a closed local port so nothing
  could reach the network. Checked after each import: ${networkNote}
- Each run is paired with a fresh process importing an empty module (median ${ms(f.baseline.processMs)} ms
  for that whole process, ${ms(f.baseline.cpuMs)} ms of CPU, ${ms(f.baseline.importMs)} ms for its \`import()\`).
  **over empty** = bundle process time − empty-module process time, the median over
  ${f.importRuns.storefront} runs for storefront reads and ${f.importRuns.other} for the others: what the bundle adds to a cold
  start. Budget: ${budgetText(BUDGETS.storefrontImportOverheadMs, ' ms')} for storefront reads, ${budgetText(BUDGETS.otherImportOverheadMs, ' ms')} for the others.
  **ratio** and **CPU ratio** divide instead of subtract (wall clock; CPU time, steadier when
  other work shares the cores). "import ms" is the bundle's \`import()\` alone, inside its process.

| # | handler | route | storefront read | size KB | size budget | size | import ms | over empty ms | budget | import | ratio | CPU ratio |
|---:|---|---|---|---:|---|---|---:|---:|---|---|---:|---:|
${rows.join('\n')}
${composition}`;
}

function handlersSection(page: Page, outcome: BenchResults['handlers']): string {
  if ('missing' in outcome) return `## 2. Storefront handlers, warm, in-process\n\n${missing(outcome)}`;
  const { results, warmup, calls, rounds } = outcome.value;
  const rows = results.map((r) => {
    const most = Math.max(...r.ddbRequests);
    const ddb = page.status(
      'DynamoDB requests per call',
      r.routeKey,
      most,
      r.ddbRequests.join(' or '),
      atMost(r.expectedDdbRequests),
    );
    return `| ${r.routeKey} | ${r.read ? 'read' : 'write'} | ${ms(r.p50Ms)} | ${page.status('handler p50', r.routeKey, r.p50Ms, ms(r.p50Ms), BUDGETS.handlerP50Ms, 'ms')} | ${ms(r.p99Ms)} | ${page.status(r.read ? 'handler p99, storefront reads' : 'handler p99, storefront writes', r.routeKey, r.p99Ms, ms(r.p99Ms), r.read ? BUDGETS.storefrontHandlerP99Ms : BUDGETS.handlerP99Ms, 'ms')} | ${r.ddbRequests.join(' or ')} | ${r.expectedDdbRequests} | ${ddb} | ${r.failures === 0 ? '' : `**${r.failures} answers not 200**. `}${r.note ?? ''} |`;
  });
  return `## 2. Storefront handlers, warm, in-process

- Each storefront handler module is imported into the bench's process and called the way the
  local gateway calls it (an API Gateway v2 event from \`infra/local/api-event.ts\`, a Lambda
  context) against the local stack's DynamoDB Local (in memory, on loopback) holding the demo
  catalogue.
- ${rounds} rounds over all the handlers; in each round, each handler gets ${warmup} warm-up calls,
  then ${calls} timed calls one after another. Its p50 and p99 are over all its ${rounds * calls}
  timed calls pooled, so one slow moment of this shared machine (or of DynamoDB Local's JVM)
  weighs on every handler alike. The time is the handler's promise alone: the middy stack, validation, the DynamoDB round trips, the JSON answer. As in
  AWS, answers are not checked against their contracts here (\`CHECK_RESPONSES\` is off for
  this part; every test run checks them).
- DynamoDB requests per call come from the middy stack's per-invocation count (\`x-ddb-requests\`).
  Their budget is the count \`docs/data-model.md\` lists for the call.
- The two writes are in the timed loop with distinct inputs (see their notes): ${rounds * calls} sign-ups
  and ${rounds * calls} answers went into the throwaway in-memory table.
- Budgets: p50 ${budgetText(BUDGETS.handlerP50Ms)} ms; p99 ${budgetText(BUDGETS.storefrontHandlerP99Ms)} ms for reads, ${budgetText(BUDGETS.handlerP99Ms)} ms for writes.

| call | kind | p50 ms | p50 | p99 ms | p99 | DynamoDB requests | budget | requests | notes |
|---|---|---:|---|---:|---|---:|---:|---|---|
${rows.join('\n')}
`;
}

function gatewaySection(page: Page, outcome: BenchResults['gateway']): string {
  if ('missing' in outcome) return `## 3. Local gateway under load\n\n${missing(outcome)}`;
  const results = outcome.value;
  const first = results[0];
  const rows = results.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.requestsPerSecond.toFixed(0)} | ${page.status('gateway req/s', r.name, r.requestsPerSecond, r.requestsPerSecond.toFixed(0), BUDGETS.gatewayRequestsPerSecond, 'req/s')} | ${r.p50Ms} | ${r.p99Ms} | ${page.status('gateway p99', r.name, r.p99Ms, String(r.p99Ms), BUDGETS.gatewayP99Ms, 'ms')} | ${r.requests} | ${r.failures} |`,
  );
  return `## 3. Local gateway under load (autocannon)

- \`autocannon\` in its own process: ${first?.connections ?? '?'} connections for ${first?.seconds ?? '?'} s per URL.
- Against the local gateway (\`infra/local/gateway.ts\`: HTTP → API Gateway v2 event → the
  handler module, in the bench's process) with DynamoDB Local behind it, all on this machine's
  cores: it measures the handlers and the local stand-ins together, not API Gateway and Lambda.
- The URLs are storefront reads that /home, /women and a product page call.
- Budgets: ${budgetText(BUDGETS.gatewayRequestsPerSecond)} req/s, p99 ${budgetText(BUDGETS.gatewayP99Ms)} ms.

| read | URL (under /api) | req/s | req/s | p50 ms | p99 ms | p99 | requests | not 2xx / errors |
|---|---|---:|---|---:|---:|---|---:|---:|
${rows.join('\n')}
`;
}

function webSection(page: Page, results: BenchResults, keptRenderer?: string): string {
  const parts: string[] = ['## 4. Web: first load and Lighthouse (mobile)\n'];
  if ('missing' in results.firstLoad) parts.push(missing(results.firstLoad));
  else {
    const js = results.firstLoad.value;
    const status = page.status(
      'first-load JS, gzipped',
      '/home',
      js.gzipBytes / KIB,
      kb(js.gzipBytes),
      BUDGETS.firstLoadJsGzipKib,
      'KB',
    );
    parts.push(`### First load of /home

- The JavaScript the first load of /home downloads: its \`<script>\` and \`modulepreload\`
  files, gzipped at level 9.
- Budget: ${budgetText(BUDGETS.firstLoadJsGzipKib)} KB gzipped, web.dev's suggested budget for a mobile page's
  critical-path JavaScript.

| files | raw KB | gzipped KB | budget | |
|---:|---:|---:|---|---|
| ${js.files} | ${kb(js.rawBytes)} | ${kb(js.gzipBytes)} | ${budgetText(BUDGETS.firstLoadJsGzipKib)} | ${status} |
`);
  }
  if ('missing' in results.purchaseRoute) parts.push(missing(results.purchaseRoute));
  else {
    const js = results.purchaseRoute.value;
    parts.push(`### The purchase route (issue 46)

- Every script of the shop's origin a phone (360 × 740) downloads from opening a piece's purchase
  page to its payment step ready to pay (the address filled, "continue to payment" pressed), the
  first load's scripts and the payment kit's lazy chunks included, gzipped at level 9
  (\`test/bench/purchase-route.ts\`). The providers' scripts are left out: Stripe.js and PayPal's SDK
  come from their own hosts in production${js.providerScripts.length > 0 ? ` (locally their stand-ins: ${js.providerScripts.map((path) => `\`${path}\``).join(', ')})` : ''}.
- Before issue 46 (the Card Element and a hand-made local card form, main at c0ff3aa, measured the
  same way on 2026-11-30): ${PURCHASE_ROUTE_BEFORE.files} files, ${kb(PURCHASE_ROUTE_BEFORE.rawBytes)} KB raw, ${kb(PURCHASE_ROUTE_BEFORE.gzipBytes)} KB gzipped.

| files | raw KB | gzipped KB | before, gzipped KB | change |
|---:|---:|---:|---:|---:|
| ${js.files} | ${kb(js.rawBytes)} | ${kb(js.gzipBytes)} | ${kb(PURCHASE_ROUTE_BEFORE.gzipBytes)} | ${js.gzipBytes >= PURCHASE_ROUTE_BEFORE.gzipBytes ? '+' : '−'}${kb(Math.abs(js.gzipBytes - PURCHASE_ROUTE_BEFORE.gzipBytes))} |
`);
  }
  parts.push(lighthouseSection(page, results.lighthouse, keptRenderer));
  parts.push(verifyPageSection(page, results.verifyPage));
  return parts.join('\n');
}

/** Lighthouse's part of section 4: each front's pages, and the page renderer when measured. */
export interface LighthouseFigures {
  runs: number;
  /** Through the HTTP/2 front first (what the budgets judge), then straight to the gateway. */
  fronts: LighthouseResults[];
  /** The page renderer as deployed (test/bench/pages-run.ts, which serves cdk.out's bundles). */
  renderer?: RendererFigures;
  /** The JavaScript a rendered page starts after its first paint, per page (bench:pages). */
  pageJs?: { name: string; files: number; rawBytes: number; gzipBytes: number }[];
  /** Measured alone by `npm run bench:pages`. */
  alone?: { date: string; loadAtStart: number; loadAtEnd: number };
}

export interface RendererFigures {
  /** The page functions' bundles in cdk.out. */
  bundles: { handler: string; bytes: number }[];
  /** The render-on-change function's first start (process and import) and first invocation, then warm ones. */
  initMs: number;
  firstInvokeMs: number;
  warmInvokeMs: number[];
}

export const LIGHTHOUSE_HEADING = '### Lighthouse (mobile)';
const LIGHTHOUSE_GROUPS = ['Lighthouse performance score', 'Lighthouse SEO score', 'LCP', 'CLS'];

function pageBudgets(rendered: boolean) {
  return rendered
    ? { score: BUDGETS.renderedLighthouseScore, lcp: BUDGETS.renderedLcpMs, seo: BUDGETS.seoScore }
    : { score: BUDGETS.lighthouseScore, lcp: BUDGETS.lcpMs, seo: undefined };
}

function frontTable(page: Page | undefined, lh: LighthouseResults): string {
  const rows = lh.pages.map((p) => {
    const m = p.median;
    const b = pageBudgets(p.rendered);
    const runs = (key: 'score' | 'lcpMs' | 'cls', digits: number) =>
      p.runs.map((r) => r[key].toFixed(digits)).join(', ');
    const status = (group: string, value: number, shown: string, budget: Budget | undefined, unit = '') =>
      page && budget ? ` ${page.status(group, p.name, value, shown, budget, unit)} |` : ' |';
    const seo = Number.isFinite(m.seo) ? m.seo.toFixed(0) : 'n/a';
    return `| ${p.name}${p.rendered ? '' : ' (not rendered ahead)'} | ${m.score.toFixed(0)} (${runs('score', 0)}) |${status('Lighthouse performance score', m.score, m.score.toFixed(0), b.score)} ${seo} |${status('Lighthouse SEO score', m.seo, seo, b.seo)} ${m.lcpMs.toFixed(0)} (${runs('lcpMs', 0)}) |${status('LCP', m.lcpMs, m.lcpMs.toFixed(0), b.lcp, 'ms')} ${m.cls.toFixed(3)} (${runs('cls', 3)}) |${status('CLS', m.cls, m.cls.toFixed(3), BUDGETS.cls)} ${m.fcpMs.toFixed(0)} | ${m.tbtMs.toFixed(0)} | ${m.speedIndexMs.toFixed(0)} |`;
  });
  return `| page | score | | SEO | | LCP ms | | CLS | | FCP ms | TBT ms | Speed Index ms |
|---|---|---|---|---|---|---|---|---|---:|---:|---:|
${rows.join('\n')}`;
}

function pageJsPart(js: LighthouseFigures['pageJs']): string {
  if (!js || js.length === 0) return '';
  return `
The storefront's JavaScript as a rendered page starts it after its first paint (the app's entry,
its module preloads and the page's route chunks, and what they load), gzipped at level 9:

| page | files | raw KB | gzipped KB |
|---|---:|---:|---:|
${js.map((p) => `| ${p.name} | ${p.files} | ${kb(p.rawBytes)} | ${kb(p.gzipBytes)} |`).join('\n')}
`;
}

function rendererPart(r: RendererFigures | undefined, kept?: string): string {
  if (!r && kept) return kept;
  if (!r)
    return "\n_The page renderer as deployed is measured by `npm run bench:pages` (it serves cdk.out's bundles); not in this run._\n";
  const warm = r.warmInvokeMs.map((v) => ms(v)).join(', ');
  return `
#### The page renderer as deployed (issue 47)

- Its bundles in cdk.out: ${r.bundles.map((b) => `\`${b.handler}\` ${kb(b.bytes)} KB`).join(', ')}.
- The render-on-change function run from its cdk.out bundle with its template's environment, as
  Lambda runs it (a process of its own, \`infra/local/bundles/\`), fed by the table's stream: a
  new price for one demo piece, each time the pages it shows on rendered and written to the web
  bucket (\`functions/pages/rules/affected-pages.ts\`); first to a fresh instance (its cold start),
  then to the warm one.

| cold start: process and import ms | first invocation ms | cold start in all ms | warm invocations ms |
|---:|---:|---:|---|
| ${ms(r.initMs)} | ${ms(r.firstInvokeMs)} | ${ms(r.initMs + r.firstInvokeMs)} | ${warm} |
`;
}

function lighthouseSection(page: Page, outcome: BenchResults['lighthouse'], keptRenderer?: string): string {
  if ('missing' in outcome) return `${LIGHTHOUSE_HEADING}\n\n${missing(outcome)}`;
  const f = outcome.value;
  const [main, ...others] = f.fronts;
  if (!main) return `${LIGHTHOUSE_HEADING}\n\n_Not measured: no front_\n`;
  const chromium = /(?:Headless)?Chrome\/[\d.]+/.exec(main.userAgent)?.[0] ?? main.userAgent;
  const alone = f.alone
    ? `\n_Measured alone (\`npm run bench:pages\`, the API and the renderer from cdk.out's bundles) on ${f.alone.date}, on the machine above, load average (1 min) ${f.alone.loadAtStart.toFixed(2)} at start and ${f.alone.loadAtEnd.toFixed(2)} at the end; the rest of this page is from the run above._\n`
    : '';
  return `${LIGHTHOUSE_HEADING}
${alone}
- Lighthouse ${main.lighthouseVersion}, performance and SEO categories, mobile defaults (simulated
  slow 4G, 4× CPU slowdown), headless Chromium (${chromium}), against the local stack serving the
  public pages rendered ahead of time (issue 47) from its web bucket, as CloudFront does. Before
  the first run each page is asked once (a page not rendered yet is rendered then, as the edge's
  fallback does), and the gateway once for every script and style sheet, brotli-compressed, as
  CloudFront serves them from its cache after the first visitor.
- Median of ${f.runs} runs per page; the single runs in brackets.
- Budgets: a public page rendered ahead of time (issue 47): score ${budgetText(BUDGETS.renderedLighthouseScore)},
  SEO ${budgetText(BUDGETS.seoScore)}, LCP ${budgetText(BUDGETS.renderedLcpMs)} ms; the confirmation (personal,
  never rendered ahead): Lighthouse's "good", score ${budgetText(BUDGETS.lighthouseScore)}, LCP ${budgetText(BUDGETS.lcpMs)} ms; CLS ${budgetText(BUDGETS.cls)} for all. FCP, TBT and Speed Index (medians, ms) are shown without a budget.

Through ${main.front === 'HTTP/2 front' ? 'the HTTP/2 front (TLS, one connection, as CloudFront serves a phone: `test/bench/h2-front.ts`)' : main.front}:

${frontTable(page, main)}
${others.map((lh) => `\nStraight to the ${lh.front} (HTTP/1.1, no TLS: at most 6 connections; no budget):\n\n${frontTable(undefined, lh)}\n`).join('')}
${main.pages.map((p) => `- ${p.name}: \`${p.path}\``).join('\n')}

The draw page is a draw of a demo piece opened by the bench, open for three hours; the
confirmation is that of a demo piece the bench bought by card, opened once paid, as its mail's
link or another tab opens it (the order's number, the piece's picture and the amount paid; the
address only in the tab that checked out).
${pageJsPart(f.pageJs)}${rendererPart(f.renderer, keptRenderer)}`;
}

/** The Lighthouse part and the summary rows it puts in the summary's table. */
export function renderLighthouseSection(outcome: BenchResults['lighthouse']): {
  section: string;
  rows: string[];
} {
  const page = new Page();
  const section = lighthouseSection(page, outcome);
  return { section, rows: summaryRows(page) };
}

const summaryRows = (page: Page) =>
  page
    .summary()
    .split('\n')
    .filter((line) => /^\| [^-|]/.test(line) && !line.startsWith('| figures |'));

/** The page with its Lighthouse part replaced by \`section\` and that part's summary rows by \`rows\`. */
export function withLighthouse(
  report: string,
  { section, rows }: { section: string; rows: string[] },
): string {
  const start = report.indexOf(LIGHTHOUSE_HEADING);
  const end = report.indexOf(VERIFY_PAGE_HEADING, Math.max(start, 0));
  if (start < 0 || end < 0)
    throw new Error('the benchmarks page has no Lighthouse part before the /verify part');
  return withSummaryRows(
    `${report.slice(0, start)}${section}\n${report.slice(end)}`,
    LIGHTHOUSE_GROUPS,
    rows,
  );
}

/** The renderer's figures of an earlier page (written by \`npm run bench:pages\`), kept by a whole run that does not measure them. */
export function rendererKept(previous: string | undefined): string | undefined {
  const found =
    previous && /\n#### The page renderer as deployed \(issue 47\)\n[\s\S]*?(?=\n### |\n## )/.exec(previous);
  return found ? found[0] : undefined;
}

export const VERIFY_PAGE_HEADING = "### The passport's /verify page (issue 37)";

function verifyPageSection(page: Page, outcome: BenchResults['verifyPage']): string {
  if ('missing' in outcome) return `${VERIFY_PAGE_HEADING}\n\n${missing(outcome)}`;
  const f = outcome.value;
  const js = page.status(
    'verify page JS, gzipped',
    '/verify',
    f.js.gzipBytes / KIB,
    kb(f.js.gzipBytes),
    BUDGETS.verifyJsGzipKib,
    'KB',
  );
  const code = page.status(
    'card code length',
    'longest code',
    f.qr.codeLength,
    String(f.qr.codeLength),
    BUDGETS.codeLength,
  );
  const version = page.status(
    'QR version',
    'longest code (L)',
    f.qr.versionL,
    String(f.qr.versionL),
    BUDGETS.qrVersion,
  );
  const first = page.status(
    'verify page time to verdict, p95',
    'first visit',
    f.firstVisit.p95Ms,
    ms(f.firstVisit.p95Ms),
    BUDGETS.verifyVerdictP95Ms,
    'ms',
  );
  const repeat = page.status(
    'verify page time to verdict, p95',
    'repeat visit',
    f.repeatVisit.p95Ms,
    ms(f.repeatVisit.p95Ms),
    BUDGETS.verifyVerdictP95Ms,
    'ms',
  );
  const alone = f.alone
    ? `\n_Measured alone (\`npm run bench:verify-page\`) on ${f.alone.date}, on the machine above, load average (1 min) ${f.alone.loadAtStart.toFixed(2)} at start and ${f.alone.loadAtEnd.toFixed(2)} at the end; the rest of this page is from the run above._\n`
    : '';
  return `${VERIFY_PAGE_HEADING}
${alone}
- The route's JavaScript: the scripts and module preloads of \`web/dist/verify.html\` and the worker its early script starts, gzipped at
  level 9 (\`test/bench/verify-page.ts\`).
- The QR payload: the longest realistic card code (a UUID piece id, a 40-character collection
  name with accents and spaces, three-digit numbers), on the shop's address:
  \`${f.qr.url}\`. Its QR version at error correction L and M (\`qrcode\`).
- Issuing: staff's \`POST /api/passport/certificates\` on the demo pieces, ${f.issuing.count} one after
  another through the local gateway (the piece read, its photographs' published copies made and hashed, the certificate and
  the code signed by the signer with the KMS stand-in's key, both checked, written with their log
  entry); the code of the last is the one the page verifies below.
- Time to verdict: from navigation start to the page's \`checked\` performance mark (the final
  verdict: the code's signature, then online the certificate, the piece's history proven complete
  as of the witnessed checkpoint, the status list; a load whose page does not say "Complete as of
  checkpoint N" fails the bench), in headless Chromium on a ${f.viewport.width} × ${f.viewport.height} phone viewport with the CPU slowed
  to a mid-tier phone's (CDP \`Emulation.setCPUThrottlingRate\`): ${f.phone.slowdown}×, the slowdown Lighthouse's CPU
  throttling calculator gives for the BenchmarkIndex the bench's Chromium measured just before
  (${f.phone.benchmarkIndex}; \`test/bench/phone-cpu.ts\`), as Lighthouse's docs say to calibrate it on a machine
  whose index is not ~1533, against the local stack, ${f.loads} loads each: first
  visits (a fresh context each: no worker, no cache) and repeat visits (reloads, with the
  page's worker and kept keys); then first visits again at Lighthouse's fixed 4×, for comparison.
  The network is not slowed. The mark is awaited by one CDP evaluation sent once the navigation
  commits (no polling: each poll would be a task on the page's slowed main thread). Chromium runs
  without the desktop address bar's own pages, which headless Chromium 156 opens with every new
  context while the page loads (\`test/support/chromium.ts\`; a phone's browser has none: with
  them, a first visit took about 0.4 s longer at the median). For scale,
  a bare SVG document's first visit took about 0.35 s here at the same slowdown with them: Chromium's
  own start of a page in a fresh context.

| figure | value | budget | |
|---|---:|---|---|
| JS, ${f.js.files} file(s), raw KB | ${kb(f.js.rawBytes)} | | |
| JS, gzipped KB | ${kb(f.js.gzipBytes)} | ${budgetText(BUDGETS.verifyJsGzipKib)} | ${js} |
| code length, characters | ${f.qr.codeLength} | ${budgetText(BUDGETS.codeLength)} | ${code} |
| /verify URL length, characters | ${f.qr.urlLength} | | |
| QR version, L (M) | ${f.qr.versionL} (${f.qr.versionM}) | ${budgetText(BUDGETS.qrVersion)} | ${version} |
| issuing a certificate, median / p95 ms | ${ms(f.issuing.medianMs)} / ${ms(f.issuing.p95Ms)} | | |
| time to verdict, first visit, median / p95 ms | ${ms(f.firstVisit.medianMs)} / ${ms(f.firstVisit.p95Ms)} | p95 ${budgetText(BUDGETS.verifyVerdictP95Ms)} | ${first} |
| time to verdict, repeat visit, median / p95 ms | ${ms(f.repeatVisit.medianMs)} / ${ms(f.repeatVisit.p95Ms)} | p95 ${budgetText(BUDGETS.verifyVerdictP95Ms)} | ${repeat} |
| time to verdict, first visit at a fixed 4×, median / p95 ms | ${ms(f.firstVisitAt4x.medianMs)} / ${ms(f.firstVisitAt4x.p95Ms)} | | |
`;
}

/** The /verify page's section alone (\`node test/bench/verify-page-run.ts\` writes it into the page). */
/** The /verify section, and the rows it puts in the summary's table (its figures outside their budget). */
export function renderVerifyPageSection(outcome: BenchResults['verifyPage']): {
  section: string;
  rows: string[];
} {
  const page = new Page();
  const section = verifyPageSection(page, outcome);
  return {
    section,
    rows: page
      .summary()
      .split('\n')
      .filter((line) => /^\| [^-|]/.test(line) && !line.startsWith('| figures |')),
  };
}

/** The summary's table rows of the /verify section's groups (verifyPageSection). */
const VERIFY_GROUPS = [
  'verify page JS, gzipped',
  'card code length',
  'QR version',
  'verify page time to verdict, p95',
];

/**
 * The page with its /verify section replaced by `section` (or put at the end of section 4), and
 * the summary's rows of that section replaced by `rows`, its count of figures outside their budget
 * counted again.
 */
export function withVerifyPage(
  report: string,
  { section, rows }: { section: string; rows: string[] },
): string {
  const start = report.indexOf(VERIFY_PAGE_HEADING);
  const next = report.indexOf('\n## 5.', Math.max(start, 0));
  if (next < 0) throw new Error('the benchmarks page has no section 5 to put the /verify figures before');
  const from = start >= 0 ? start : next + 1;
  const withSection = `${report.slice(0, from)}${section}\n${report.slice(next + 1)}`;
  return withSummaryRows(withSection, VERIFY_GROUPS, rows);
}

/** The page's summary with the rows of \`groups\` replaced by \`rows\`, its count of figures outside their budget counted again. */
export function withSummaryRows(withSection: string, groups: readonly string[], rows: string[]): string {
  const summaryStart = withSection.indexOf('## Summary\n');
  const summaryEnd = withSection.indexOf('\n## ', summaryStart + 1);
  if (summaryStart < 0 || summaryEnd < 0) throw new Error('the benchmarks page has no summary');
  const oldRows = withSection
    .slice(summaryStart, summaryEnd)
    .split('\n')
    .filter((line) => /^\| [^-|]/.test(line) && !line.startsWith('| figures |'));
  const kept = oldRows.filter((line) => !groups.some((group) => line.startsWith(`| ${group} |`)));
  const all = [...kept, ...rows];
  const count = all.reduce((sum, line) => sum + Number(/\*\*(\d+) of \d+\*\*/.exec(line)?.[1] ?? 0), 0);
  const summary =
    count === 0
      ? '## Summary\n\nEvery figure is within its budget.\n'
      : `## Summary\n\n${count} figure(s) outside their budget:\n\n| figures | outside budget | budget | which |\n|---|---|---|---|\n${all.join('\n')}\n`;
  return `${withSection.slice(0, summaryStart)}${summary}${withSection.slice(summaryEnd)}`;
}

const MODERN = new Set(['image/avif', 'image/webp']);

function picturesSection(page: Page, outcome: BenchResults['pictures']): string {
  if ('missing' in outcome) return `## 5. Pictures of the first screen\n\n${missing(outcome)}`;
  const f = outcome.value;
  const total = f.downloads.reduce((sum, d) => sum + d.bytes, 0);
  const totalStatus = page.status(
    'pictures of the first screen, in all',
    f.path,
    total / KIB,
    kb(total),
    BUDGETS.firstScreenPicturesKib,
    'KB',
  );
  const rows = f.downloads.map((d) => {
    const size = page.status('picture size', d.url, d.bytes / KIB, kb(d.bytes), BUDGETS.pictureKib, 'KB');
    // A vector drawing (the favicon) has no AVIF or WebP form to ask for.
    if (d.contentType === 'image/svg+xml')
      return `| \`${d.url}\` | ${d.contentType} | vector, not a photograph | ${kb(d.bytes)} | ${size} |`;
    const modern = MODERN.has(d.contentType);
    page.status('picture in AVIF or WebP', d.url, modern ? 1 : 0, d.contentType, atLeast1);
    return `| \`${d.url}\` | ${d.contentType} | ${modern ? 'ok' : '**not AVIF or WebP**'} | ${kb(d.bytes)} | ${size} |`;
  });
  const shown = f.shown.map((s) => {
    const status = page.status(
      'picture pixels over pixels shown',
      s.src,
      s.pixelRatio,
      s.pixelRatio.toFixed(2),
      BUDGETS.picturePixelRatio,
      '×',
    );
    return `| \`${s.src}\` | ${s.naturalWidth} | ${s.shownWidth} | ${s.pixelRatio.toFixed(2)} | ${status} |`;
  });
  return `## 5. Pictures of the first screen

- \`${f.path}\` loaded in headless Chromium as a ${f.viewport.width} × ${f.viewport.height} phone at DPR
  ${f.viewport.dpr}, left alone (no scroll, no swipe) until the network was idle.
- Budgets: ${budgetText(BUDGETS.firstScreenPicturesKib)} KB of pictures in all, ${budgetText(BUDGETS.pictureKib)} KB each, every picture AVIF or
  WebP (a vector drawing such as the favicon aside), and no picture drawn in the viewport with more than ${BUDGETS.picturePixelRatio.limit}× the pixels it covers.

| pictures downloaded | KB in all | budget | |
|---:|---:|---|---|
| ${f.downloads.length} | ${kb(total)} | ${budgetText(BUDGETS.firstScreenPicturesKib)} | ${totalStatus} |

| picture | type | AVIF or WebP | KB | ${budgetText(BUDGETS.pictureKib)} KB |
|---|---|---|---:|---|
${rows.join('\n')}

| drawn in the viewport | file width px | shown width px | pixels ratio | ${budgetText(BUDGETS.picturePixelRatio)} |
|---|---:|---:|---:|---|
${shown.join('\n')}
`;
}

function pictureSetSection(outcome: BenchResults['pictureSet']): string {
  if ('missing' in outcome) return `## 6. Making a picture set\n\n${missing(outcome)}`;
  const f = outcome.value;
  return `## 6. Making a picture set

- One demo photograph turned into a ${f.width} × ${f.height} JPEG (${kb(f.originalBytes)} KB), then its whole set made
  by \`functions/media/adapters/picture-set.ts\` (what the picture-set function runs), in a process
  of its own, sharp on ${f.threads} thread(s).
- No budget: the function has 2,048 MB and 60 s (\`docs/lambda-settings.md\`); this says how much of
  that one set takes on this machine's one core.

| variants | set KB | time s | peak memory MiB | of which before the work MiB |
|---:|---:|---:|---:|---:|
| ${f.variants} | ${kb(f.setBytes)} | ${(f.ms / 1000).toFixed(1)} | ${f.peakRssMib.toFixed(0)} | ${f.rssBeforeMib.toFixed(0)} |
`;
}

const atLeast1: Budget = { kind: 'min', limit: 1 };

export function renderReport(results: BenchResults, kept: { renderer?: string | undefined } = {}): string {
  const page = new Page();
  const sections = [
    bundlesSection(page, results.bundles),
    handlersSection(page, results.handlers),
    gatewaySection(page, results.gateway),
    webSection(page, results, kept.renderer),
    picturesSection(page, results.pictures),
    pictureSetSection(results.pictureSet),
  ];
  const missingParts = (
    [
      ['bundles', results.bundles],
      ['storefront handlers', results.handlers],
      ['gateway load', results.gateway],
      ['first-load JS', results.firstLoad],
      ['purchase route JS', results.purchaseRoute],
      ['Lighthouse', results.lighthouse],
      ['verify page', results.verifyPage],
      ['first-screen pictures', results.pictures],
      ['picture set', results.pictureSet],
    ] as const
  ).filter(([, outcome]) => 'missing' in outcome);
  const summary = `## Summary

${page.summary()}${missingParts.length > 0 ? `\nNot measured in this run: ${missingParts.map(([name]) => name).join(', ')}.\n` : ''}`;
  return `# Benchmarks

Written by \`npm run bench\` (\`test/bench/run.ts\`); do not edit by hand. Run it again to refresh.

${machineSection(results)}
${HOW_TO_READ}
${summary}
${sections.join('\n')}`;
}
