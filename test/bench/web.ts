import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pagePath } from '#shared/pages/public-pages.ts';
import { APP_SCRIPTS_ID, type AppScripts } from '#shared/pages/rendered-page.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { buyByCard } from '../load/shoppers.ts';
import { chromiumArgs, disabledBy } from '../support/chromium.ts';
import { startHttp2Front } from './h2-front.ts';
import { median } from './stats.ts';

/**
 * The web app as a phone sees it: the JavaScript the first load of /home downloads, and
 * Lighthouse (mobile defaults, performance only) on the main pages, several runs each.
 */

export interface FirstLoadJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The scripts and module preloads of /home's HTML, fetched and gzipped (level 9); for a page
 * rendered ahead of time (issue 47), also the app's scripts it starts after its first paint.
 */
export async function firstLoadJs(base: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${base}/home`)).text();
  const started = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">([^<]*)</script>`).exec(
    html,
  );
  const app = started ? (JSON.parse(started[1] as string) as AppScripts) : undefined;
  const scripts = new Set([
    ...[...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    ),
    ...(app ? [app.entry, ...app.preload] : []),
  ]);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, rawBytes, gzipBytes };
}

/** A page Lighthouse measures: its address, or how to make what it shows first and answer its address. */
export interface BenchPage {
  name: string;
  path: string | ((base: string) => Promise<string>);
  /** Rendered ahead of time (issue 47): a public page at its canonical address. */
  rendered: boolean;
}

/** A collection's landing (000 §2), at its canonical address (the shop's own links give it). */
const COLLECTION_PATH = pagePath({ kind: 'collection', typeId: DEMO.womenSized, gender: 0, single: false });

/** The piece the bench offers by a draw (a demo watch, infra/local/demo/catalogue.ts): no other part of the bench buys it. */
const DRAWN_PIECE = 'p-meridien-01';

/**
 * The open draw's page (issue 45) as a shopper finds it from the members' mail: a draw of a demo
 * piece, open for three hours, made in the stack the bench started (this process points at it).
 */
async function openDrawPage(): Promise<string> {
  const { createDraw } = await import('../../functions/draws/entities/create-draw.ts');
  const now = Date.now();
  const made = await createDraw({
    pid: DRAWN_PIECE,
    opensAt: new Date(now).toISOString(),
    closesAt: new Date(now + 3 * 3_600_000).toISOString(),
    admin: 'bench',
  });
  if (!made.ok) throw new Error(`the bench's draw of ${DRAWN_PIECE} could not be made: ${made.reason}`);
  return `/draw/${made.draw.drawId}`;
}

/** The piece the bench buys for its confirmation page: no other part of the bench buys it. */
const CONFIRMED_PIECE = { id: 'p-voyage-02', typeId: 't-voyage' };

/**
 * The confirmation (issue 45) of a paid order, as its buyer opens it again from another tab or
 * the mail: a demo piece bought by card in the bench's stack, its page once the order is paid.
 */
async function confirmationPage(base: string): Promise<string> {
  const bought = await buyByCard(base, CONFIRMED_PIECE, 'bench-confirmation');
  if (bought.orderStatus !== 'paid' || !bought.code)
    throw new Error(
      `the bench's purchase of ${CONFIRMED_PIECE.id}: ${bought.statuses.join(', ')}, ${bought.orderStatus}`,
    );
  return `/products/success?checkoutCode=${bought.code}`;
}

/** A page made once however many times it is measured (each front measures every page). */
function once(make: (base: string) => Promise<string>): (base: string) => Promise<string> {
  let made: Promise<string> | undefined;
  return (base) => {
    made ??= make(base);
    return made;
  };
}

/** The public pages at their canonical addresses (what a link, a search engine and the sitemap name), and the confirmation. */
export const PAGES: readonly BenchPage[] = [
  { name: '/home', path: pagePath({ kind: 'home' }), rendered: true },
  { name: '/women', path: pagePath({ kind: 'list', gender: 0 }), rendered: true },
  { name: 'a collection', path: COLLECTION_PATH, rendered: true },
  { name: 'a piece', path: pagePath({ kind: 'piece', productId: DEMO.availableProduct }), rendered: true },
  { name: 'a world page', path: pagePath({ kind: 'content', path: '/world/mission' }), rendered: true },
  { name: 'draw page (open)', path: once(openDrawPage), rendered: true },
  { name: 'order confirmation', path: once(confirmationPage), rendered: false },
];

export interface LighthouseRun {
  score: number;
  /** Lighthouse's SEO category, 0–100. */
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export interface PageResult {
  name: string;
  path: string;
  rendered: boolean;
  runs: LighthouseRun[];
  median: LighthouseRun;
}

export interface LighthouseResults {
  pages: PageResult[];
  /** How the pages were reached: through the HTTP/2 front (CloudFront's protocol) or the local gateway's HTTP/1.1. */
  front: LighthouseFront;
  lighthouseVersion: string;
  userAgent: string;
}

/**
 * Asks the gateway once for every script and style sheet of the build, brotli-compressed, as
 * CloudFront has them compressed and cached after the first visitor: otherwise the first run
 * would time the local gateway compressing each file on first request.
 */
async function warmCompressedAssets(base: string, webRoot: string): Promise<void> {
  const files = (await readdir(join(webRoot, 'assets'))).filter((f) => /\.(js|css)$/.test(f));
  for (const file of files) {
    const answer = await fetch(`${base}/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
    await answer.arrayBuffer();
  }
}

export type LighthouseFront = 'HTTP/2 front' | 'local gateway';
/** The HTTP/2 front first: its figures are the ones the budgets judge. */
export const LIGHTHOUSE_FRONTS: readonly LighthouseFront[] = ['HTTP/2 front', 'local gateway'];

export async function lighthousePages(
  base: string,
  options: {
    runs: number;
    /** Through the HTTP/2 front (default) or straight to the gateway. */
    front?: LighthouseFront;
    chromePath: string;
    webRoot: string;
    /** Each page's median (console.log unless given). */
    log?: (line: string) => void;
    /** After each run: `done` of `total` runs. */
    onRun?: (done: number, total: number) => void;
    /** The pages to measure (all of PAGES unless given). */
    pages?: readonly BenchPage[];
  },
): Promise<LighthouseResults> {
  const log = options.log ?? ((line: string) => console.log(`[bench] ${line}`));
  let done = 0;
  await warmCompressedAssets(base, options.webRoot);
  // Through an HTTP/2 front, as CloudFront serves a phone (h2-front.ts); its certificate is
  // self-signed, hence the flag.
  const through = options.front ?? 'HTTP/2 front';
  const front =
    through === 'HTTP/2 front' ? await startHttp2Front(base) : { url: base, close: async () => {} };
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: [
      ...chromiumArgs(disabledBy(chromeLauncher.Launcher.defaultFlags())),
      '--ignore-certificate-errors',
    ],
  });
  let lighthouseVersion = '';
  let userAgent = '';
  try {
    const pages: PageResult[] = [];
    for (const bench of options.pages ?? PAGES) {
      const page = {
        name: bench.name,
        path: typeof bench.path === 'string' ? bench.path : await bench.path(base),
        rendered: bench.rendered,
      };
      // A page not rendered yet is rendered when first asked (as the edge's fallback does in AWS):
      // asked once before the runs, as the first visitor after a change would.
      const first = await fetch(`${base}${page.path}`);
      await first.arrayBuffer();
      if (!first.ok) throw new Error(`${page.path} answered ${first.status}`);
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(`${front.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        lighthouseVersion = lhr.lighthouseVersion;
        userAgent = lhr.environment.hostUserAgent;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          seo: (lhr.categories.seo?.score ?? Number.NaN) * 100,
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          speedIndexMs: audit('speed-index'),
        });
        done += 1;
        options.onRun?.(done, (options.pages ?? PAGES).length * options.runs);
      }
      const m = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
      pages.push({
        ...page,
        runs,
        median: {
          score: m('score'),
          seo: m('seo'),
          fcpMs: m('fcpMs'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          speedIndexMs: m('speedIndexMs'),
        },
      });
      log(
        `lighthouse ${page.name} (${through}): score ${m('score')}, SEO ${m('seo')}, LCP ${m('lcpMs').toFixed(0)} ms`,
      );
    }
    return { pages, front: through, lighthouseVersion, userAgent };
  } finally {
    await chrome.kill();
    await front.close();
  }
}
