import { existsSync, mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';

export { CHROMIUM_ARGS };

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** Screenshots land here (git-ignored) so a person can look at them. */
export const SHOTS_DIR = resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * One Chromium per test file; each test opens pages in a fresh context (no shared storage).
 * Use inside a describe block or at the top of a test file.
 */
export function startBrowser(): { open: (path: string, options?: OpenOptions) => Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(`no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    async open(path, options = {}) {
      if (!browser) throw new Error('the browser is not started');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: options.viewport ?? PHONE,
        hasTouch: options.viewport ? options.viewport.width < 800 : true,
        isMobile: false,
        ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
      });
      contexts.push(context);
      if (options.clientAddress) {
        const from = options.clientAddress;
        await context.route('**/api/**', (route) => forwardFrom(route, from));
      }
      const page = await context.newPage();
      options.beforeLoad?.(page);
      if (options.clock) await page.clock.install();
      await page.goto(path);
      return page;
    },
  };
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Device pixels per CSS pixel (a phone's 3). */
  deviceScaleFactor?: number;
  /** Runs on the new page before it loads its address (to watch its requests from the start). */
  beforeLoad?: (page: Page) => void;
  /** Install Playwright's fake clock before the page loads (for timers such as the 5 s landing). */
  clock?: boolean;
  /**
   * Send the context's API calls from this loopback address (127.x.y.z) instead of 127.0.0.1,
   * for limits the server counts per client address: each `/api/` request is replayed by Node
   * with that `localAddress` (method, headers with the cookie, body) and its answer (status,
   * headers with Set-Cookie, body) handed back to the page, which keeps its cookies as usual.
   */
  clientAddress?: string;
}

/** Headers that belong to one hop (and an encoding Node would not undo) are not passed on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'accept-encoding']);

async function forwardFrom(route: Route, localAddress: string): Promise<void> {
  const request = route.request();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    if (!name.startsWith(':') && !HOP_HEADERS.has(name)) headers[name] = value;
  }
  const body = request.postDataBuffer() ?? undefined;
  // Node frames a DELETE (or GET) body only when told its length.
  if (body) headers['content-length'] = String(body.length);
  let answer: { status: number; headers: Record<string, string>; body: Buffer };
  try {
    answer = await new Promise((resolve, reject) => {
      const forwarded = httpRequest(
        request.url(),
        { method: request.method(), headers, localAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const answerHeaders: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined || HOP_HEADERS.has(name)) continue;
              // Playwright splits a Set-Cookie value on new lines into separate headers.
              answerHeaders[name] = Array.isArray(value) ? value.join('\n') : value;
            }
            resolve({
              status: response.statusCode ?? 502,
              headers: answerHeaders,
              body: Buffer.concat(chunks),
            });
          });
        },
      );
      forwarded.on('error', reject);
      forwarded.end(body);
    });
  } catch {
    await route.abort('connectionfailed').catch(() => undefined);
    return;
  }
  // The page may have gone (navigation, test end) while the answer was on its way.
  await route.fulfill(answer).catch(() => undefined);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the page: no serious or critical violations (WCAG 2 A/AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility on ${page.url()}`).toEqual([]);
}
