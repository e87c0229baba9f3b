import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Page,
  type Route,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';
import { DEMO_PICTURES_WAIT_MS, waitForDemoPictures } from '../../support/jobs.ts';

export { CHROMIUM_ARGS };

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** Screenshots land here (git-ignored) so a person can look at them. */
export const SHOTS_DIR = resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * A failed request a test provokes on purpose: Chromium logs "Failed to load resource: … status
 * of <status>" for it, which is allowed only when declared (an API's 4xx refusal always is).
 */
export interface ExpectedFailure {
  /** The answer's status, or 0 for a request that got no answer (net::ERR_…). */
  status: number;
  /** The request's path, exactly (`/api/login`), or a pattern over path and query. */
  path: string | RegExp;
}

/** What a page reported: a CSP violation, a console error or an uncaught exception. */
export interface PageProblem {
  kind: 'csp' | 'console' | 'pageerror';
  url: string;
  text: string;
}

/** The name of the binding the pages report CSP violations through. */
const CSP_BINDING = '__reportCspViolation';
/** Runs in every page and frame before its own scripts. */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (e) => {
  window.${CSP_BINDING}({
    directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber,
    document: e.documentURI, sample: e.sample, disposition: e.disposition,
  });
});`;

const FAILED_RESOURCE =
  /^Failed to load resource: (?:the server responded with a status of (\d{3})\b|net::ERR_)/;

function expected(message: ConsoleMessage, failures: readonly ExpectedFailure[]): boolean {
  const failed = FAILED_RESOURCE.exec(message.text());
  if (!failed) return false;
  // A request that got no answer at all (a cut connection, the browser offline) counts as 0.
  const status = failed[1] ?? '0';
  const url = new URL(message.location().url || 'about:blank');
  // The API's refusals (4xx with a JSON message the page shows) are the shop's designed answers
  // to what the tests provoke; an API 5xx, or a failed page, asset or media load, never is.
  if (url.pathname.startsWith('/api/') && Number(status) >= 400 && Number(status) < 500) return true;
  return failures.some(
    (f) =>
      f.status === Number(status) &&
      (typeof f.path === 'string' ? f.path === url.pathname : f.path.test(`${url.pathname}${url.search}`)),
  );
}

export interface BrowserSession {
  open: (path: string, options?: OpenOptions) => Promise<Page>;
  /**
   * Declares failed requests the current test provokes on purpose (valid until it ends); any
   * other console error, CSP violation or uncaught exception on any page fails the test.
   */
  expectFailures: (...failures: ExpectedFailure[]) => void;
  /**
   * Hands over what the pages of the current test reported so far and forgets it (the afterEach
   * check fails on whatever is left).
   */
  takeProblems: () => PageProblem[];
}

/**
 * One Chromium per test file; each test opens pages in a fresh context (no shared storage).
 * Use inside a describe block or at the top of a test file. After each test, every page it
 * opened must have reported no CSP violation (`securitypolicyviolation`), no console error
 * and no uncaught exception, except the failed requests the test declared.
 */
export function startBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let problems: PageProblem[] = [];
  let failures: ExpectedFailure[] = [];
  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(`no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
    // The pages show the demo photographs: a fresh machine's first run makes them meanwhile.
    await waitForDemoPictures();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, DEMO_PICTURES_WAIT_MS);
  afterEach(() => {
    const found = problems;
    problems = [];
    failures = [];
    expect(
      found.map((p) => `${p.kind} on ${p.url}: ${p.text}`),
      'CSP violations, console errors and uncaught exceptions on the pages of this test',
    ).toEqual([]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    expectFailures(...more) {
      failures.push(...more);
    },
    takeProblems() {
      const taken = problems;
      problems = [];
      return taken;
    },
    async open(path, options = {}) {
      if (!browser) throw new Error('the browser is not started');
      const context = await browser.newContext({
        baseURL: options.baseUrl ?? inject('baseUrl'),
        viewport: options.viewport ?? PHONE,
        hasTouch: options.viewport ? options.viewport.width < 800 : true,
        isMobile: false,
        ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      });
      contexts.push(context);
      if (options.expectFailures) failures.push(...options.expectFailures);
      // Problems are kept for the test that opened the context, even if another starts meanwhile.
      const report = (problem: PageProblem) => {
        problems.push(problem);
      };
      await context.exposeBinding(CSP_BINDING, ({ frame }, v: Record<string, unknown>) =>
        report({
          kind: 'csp',
          url: frame.url(),
          text: `${v.disposition} ${v.directive} blocked ${v.blocked || '(inline)'}${
            v.source ? ` from ${v.source}:${v.line}` : ''
          }${v.sample ? ` "${v.sample}"` : ''}`,
        }),
      );
      await context.addInitScript({ content: CSP_LISTENER });
      context.on('console', (message) => {
        if (message.type() !== 'error' || expected(message, failures)) return;
        report({
          kind: 'console',
          url: message.page()?.url() ?? message.location().url,
          // The failed resource's own address, for a failed load.
          text: `${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`,
        });
      });
      context.on('weberror', (error) =>
        report({ kind: 'pageerror', url: error.page()?.url() ?? '', text: String(error.error()) }),
      );
      if (options.clientAddress) {
        const from = options.clientAddress;
        await context.route('**/api/**', (route) => forwardFrom(route, from));
      }
      const page = await context.newPage();
      await options.beforeLoad?.(page);
      if (options.clock) await page.clock.install();
      await page.goto(path);
      return page;
    },
  };
}

export interface OpenOptions {
  /** The shop to open (a test's own local stack); the run's shared one by default. */
  baseUrl?: string;
  viewport?: { width: number; height: number };
  /** Device pixels per CSS pixel (a phone's 3). */
  deviceScaleFactor?: number;
  /** The browser's user agent string (a phone's, for what the shop does on phones only). */
  userAgent?: string;
  /** The browser's time zone (an IANA name), when a test needs a computer elsewhere than this one's. */
  timezoneId?: string;
  /** Runs on the new page before it loads its address (to watch its requests from the start). */
  beforeLoad?: (page: Page) => void | Promise<void>;
  /** Install Playwright's fake clock before the page loads (for timers such as the 5 s landing). */
  clock?: boolean;
  /**
   * Send the context's API calls from this loopback address (127.x.y.z) instead of 127.0.0.1,
   * for limits the server counts per client address: each `/api/` request is replayed by Node
   * with that `localAddress` (method, headers with the cookie, body) and its answer (status,
   * headers with Set-Cookie, body) handed back to the page, which keeps its cookies as usual.
   */
  clientAddress?: string;
  /** Failed requests the test provokes on purpose (see BrowserSession.expectFailures). */
  expectFailures?: ExpectedFailure[];
  /** false: the page as a browser without JavaScript shows it (a page rendered ahead of time). */
  javaScriptEnabled?: boolean;
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page: no serious or critical violations (WCAG 2 A/AA rules), but for the rules
 * `allowed` names, each with the reason it is let pass (a third-party widget's own markup).
 */
export async function expectAccessible(
  page: Page,
  allowed: Readonly<Record<string, string>> = {},
): Promise<void> {
  // Evaluated from outside, as a browser extension would: an inline <script> tag (addScriptTag)
  // is, rightly, refused by the shop's CSP.
  await page.evaluate(axeSource);
  // Colours caught mid-transition (a button fading out of its hover or busy look) are not the
  // page's: axe reads them once every finite animation and transition has settled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  });
  const serious = violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !(v.id in allowed))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility on ${page.url()}`).toEqual([]);
}
