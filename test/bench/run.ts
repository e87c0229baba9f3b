import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { startLocalStack } from '../../infra/local/stack.ts';

/**
 * `npm run bench`: what the first load costs and how fast the main pages are on a phone.
 * Starts the local stack on free ports, measures the gzipped JavaScript the first load of
 * /home downloads, then runs Lighthouse (mobile, performance) three times per page and reports
 * the median. Writes docs/bench-results.md. Numbers swing on a loaded 2-core machine: compare
 * medians, not single runs.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = resolve(import.meta.dirname, '../..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function firstLoadJs(base: string) {
  const html = await (await fetch(`${base}/home`)).text();
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: new Set(scripts).size, raw, gzip };
}

const dataDir = mkdtempSync(join(tmpdir(), 'boutique-bench-'));
const stack = await startLocalStack({ port: 0, s3Dir: join(dataDir, 's3') });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  const js = await firstLoadJs(stack.url);
  const product = `/products/productdetails?productId=${DEMO.availableProduct}&type=${DEMO.womenSized}&gender=0&areaAmount=2&size=M`;
  const pages = [
    ['/home', '/home'],
    ['/women', '/women/'],
    ['product details', product],
  ] as const;
  const rows: string[] = [];
  for (const [name, path] of pages) {
    const runs: { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${stack.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
      });
    }
    const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    rows.push(
      `| ${name} | ${m('score').toFixed(0)} (${runs.map((r) => r.score.toFixed(0)).join(', ')}) | ${m('fcp').toFixed(0)} | ${m('lcp').toFixed(0)} | ${m('tbt').toFixed(0)} | ${m('cls').toFixed(3)} | ${m('si').toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  }
  const report = `# Bench results

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, local stack, Chromium headless, Lighthouse mobile defaults: simulated slow 4G and 4× CPU slowdown; ${RUNS} runs per page, median shown, single runs in brackets).

## First load of /home

${js.files} JavaScript file(s): ${(js.raw / 1024).toFixed(1)} KiB, **${(js.gzip / 1024).toFixed(1)} KiB gzipped**.

## Lighthouse performance (mobile)

| page | score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  writeFileSync(join(root, 'docs', 'bench-results.md'), report);
  console.log(report);
} finally {
  await chrome.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
