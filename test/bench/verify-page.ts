import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { issuePiece as issueTestPiece } from '../passport/fixtures.ts';
import { makeTestKey } from '../passport/signing.ts';
import { CHROMIUM_ARGS } from '../support/chromium.ts';
import { issuePiece, type LocalStackPlaces, localSigning } from '../support/verify-passports.ts';
import { benchmarkIndex, phoneSlowdown } from './phone-cpu.ts';
import { median, percentile } from './stats.ts';

/**
 * The passport's /verify page (issue 37) as the bench measures it: the route's JavaScript, the
 * length of the longest realistic code a card's QR carries, and the time from navigation start
 * to the final verdict (the page's `checked` performance mark: the online checks done, the
 * history proven complete among them) in Chromium on a phone viewport with
 * the CPU slowed to a mid-tier phone's (phone-cpu.ts: calibrated on the machine's BenchmarkIndex
 * as Lighthouse's docs say; first visits at Lighthouse's fixed 4× too), each load a first visit (a fresh context: no
 * worker, no cache), then as many repeat visits (the worker and the kept keys in place).
 */
export interface VerifyPageFigures {
  js: { files: number; rawBytes: number; gzipBytes: number };
  qr: { codeLength: number; urlLength: number; versionL: number; versionM: number; url: string };
  firstVisit: { medianMs: number; p95Ms: number };
  repeatVisit: { medianMs: number; p95Ms: number };
  /** The phone the loads above emulate: the machine's BenchmarkIndex and the slowdown it asks (phone-cpu.ts). */
  phone: { benchmarkIndex: number; slowdown: number };
  /** First visits at Lighthouse's fixed 4× slowdown, for comparison (no budget). */
  firstVisitAt4x: { medianMs: number; p95Ms: number };
  /** Staff issuing a certificate (test/bench/passport-issuing.ts). */
  issuing: { count: number; medianMs: number; p95Ms: number };
  loads: number;
  viewport: { width: number; height: number };
  /** When measured alone (`npm run bench:verify-page`), not with the rest of the page. */
  alone?: { date: string; loadAtStart: number; loadAtEnd: number };
}

/**
 * The scripts verify.html loads (its scripts and module preloads) and the worker its early script
 * starts (web/src/verify/early-reader.ts), gzipped at level 9.
 */
export function verifyRouteJs(webRoot: string): VerifyPageFigures['js'] {
  const html = readFileSync(join(webRoot, 'verify.html'), 'utf8');
  const scripts = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    ),
  );
  for (const file of [...scripts].filter((name) => name.includes('/verify-early-')))
    for (const m of readFileSync(join(webRoot, file), 'utf8').matchAll(
      /["`]\/(assets\/verify-reader-[\w-]{8}\.js)/g,
    ))
      scripts.add(m[1] as string);
  if (![...scripts].some((name) => name.includes('/verify-reader-')))
    throw new Error('verifyRouteJs: the early script names no reader (web/src/verify/early-reader.ts)');
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of scripts) {
    const body = readFileSync(join(webRoot, file));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, rawBytes, gzipBytes };
}

/**
 * The longest realistic card code on the shop's real address: a UUID piece id, a 40-character
 * collection name with accents and spaces (percent-encoded), three-digit numbers.
 */
export async function longestQr(origin = 'https://oneofoneluxury.com'): Promise<VerifyPageFigures['qr']> {
  // Signed for real (a test key): a signature, digest and kid are random-looking base64url, which
  // a QR code holds less densely than repeated letters would suggest.
  const { code } = await issueTestPiece(
    {
      pieceId: '3f2b8c1e-9a4d-4e7b-b5c6-0d1e2f3a4b5c',
      number: 118,
      of: 120,
      collection: 'Édition Numérotée des Fleurs d’Hiver 2026',
      validFrom: '2026-11-27T10:00:00.000Z',
    },
    await makeTestKey(),
  );
  const url = `${origin}/verify#${code}`;
  const version = (errorCorrectionLevel: 'L' | 'M') => QRCode.create(url, { errorCorrectionLevel }).version;
  return {
    codeLength: code.length,
    urlLength: url.length,
    versionL: version('L'),
    versionM: version('M'),
    url,
  };
}

export const VERIFY_PHONE = { width: 360, height: 740 };

/** Time to verdict of `loads` first visits, then `loads` repeat visits, of /verify#<a real code>. */
export async function timeToVerdict(
  stack: LocalStackPlaces,
  options: {
    loads: number;
    chromePath: string;
    /** A code the shop issued; else one signed here with the stack's key. */
    code?: string;
    onLoad?: (done: number, total: number) => void;
  },
): Promise<Pick<VerifyPageFigures, 'firstVisit' | 'repeatVisit' | 'phone' | 'firstVisitAt4x'>> {
  const code = options.code ?? (await issuePiece(await localSigning(stack))).code;
  const browser = await chromium.launch({ executablePath: options.chromePath, args: CHROMIUM_ARGS });
  const total = options.loads * 3;
  let done = 0;
  type Phone = { page: import('playwright-core').Page; cdp: import('playwright-core').CDPSession };
  const load = async ({ page, cdp }: Phone, go: () => Promise<unknown>) => {
    await go();
    // The final verdict: after the online checks, the history's completeness among them. Awaited
    // with one CDP evaluation of a mark observer, sent once the navigation commits: polling, or
    // Playwright's own waits (which inject and run its helper script), would be tasks on the page's
    // slowed main thread while it works, the bench's cost and not the phone's.
    const deadline = Date.now() + 30_000;
    const mark = async (): Promise<number> => {
      while (Date.now() < deadline) {
        try {
          const { result } = await cdp.send('Runtime.evaluate', {
            expression: `new Promise((done) => new PerformanceObserver((list, observer) => {
              const mark = list.getEntriesByName('checked')[0];
              if (mark) { observer.disconnect(); done(mark.startTime); }
            }).observe({ type: 'mark', buffered: true }))`,
            awaitPromise: true,
            returnByValue: true,
          });
          return result.value as number;
        } catch (error) {
          // Sent to the document the navigation replaced: asked again of the new one.
          if (!/context|destroyed/i.test(String(error))) throw error;
        }
      }
      throw new Error('the page gave no final verdict within 30 s');
    };
    const ms = await Promise.race([
      mark(),
      new Promise<never>((_, fail) =>
        setTimeout(() => fail(new Error('the page gave no final verdict within 30 s')), 30_000).unref(),
      ),
    ]);
    const said = await page.locator('#verdict').textContent();
    if (!said?.startsWith('Authentic')) throw new Error(`the page said "${said}"`);
    const checks = (await page.locator('#checks').textContent()) ?? '';
    if (!/Complete as of checkpoint \d+/.test(checks))
      throw new Error(`the page did not prove the history complete: "${checks}"`);
    options.onLoad?.(++done, total);
    return ms;
  };
  const slowPhone = async (context: import('playwright-core').BrowserContext, rate: number) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return { page, cdp };
  };
  const url = `${stack.baseUrl}/verify#${code}`;
  const firstVisits = async (rate: number) => {
    const times: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      const context = await browser.newContext({ viewport: VERIFY_PHONE, hasTouch: true });
      const phone = await slowPhone(context, rate);
      times.push(await load(phone, () => phone.page.goto(url, { waitUntil: 'commit' })));
      await context.close();
    }
    return times;
  };
  try {
    const index = await benchmarkIndex(browser);
    const phone = { benchmarkIndex: Math.round(index), slowdown: phoneSlowdown(index) };
    const first = await firstVisits(phone.slowdown);
    const repeat: number[] = [];
    const context = await browser.newContext({ viewport: VERIFY_PHONE, hasTouch: true });
    const returning = await slowPhone(context, phone.slowdown);
    await returning.page.goto(url);
    await returning.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    for (let i = 0; i < options.loads; i++)
      repeat.push(await load(returning, () => returning.page.reload({ waitUntil: 'commit' })));
    await context.close();
    const at4x = await firstVisits(4);
    const figures = (times: number[]) => ({ medianMs: median(times), p95Ms: percentile(times, 95) });
    return { firstVisit: figures(first), repeatVisit: figures(repeat), phone, firstVisitAt4x: figures(at4x) };
  } finally {
    await browser.close();
  }
}
