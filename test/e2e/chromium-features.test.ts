import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  NOT_OF_A_PHONE,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../support/chromium.ts';

/**
 * The browser tests' and the bench's Chromium (test/support/chromium.ts): our `--disable-features`
 * replaces Playwright's (Chromium reads the last), so it must keep every feature Playwright
 * disables, and it must keep the address bar's own pages from opening with every window.
 */
const withoutOurFeatures = CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features='));
const browsers: Browser[] = [];
const launch = async (args: string[]) => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  browsers.push(browser);
  return browser;
};
afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

/** The features the running Chromium disables, as chrome://version lists its command-line variations. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const encoded = (await page.content()).match(/eyJ[A-Za-z0-9+/=]+/)?.[0];
  await page.close();
  if (!encoded) throw new Error('chrome://version lists no command-line variations');
  const variations = JSON.parse(Buffer.from(encoded, 'base64').toString()) as Record<string, string>;
  return (variations['disable-features'] ?? '').split(',').filter(Boolean);
}

/** The address bar pages Chromium opens while a new context's window opens and loads a page. */
async function omniboxPagesOfANewWindow(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const urls: string[] = [];
  cdp.on('Target.targetCreated', ({ targetInfo }) => urls.push(targetInfo.url));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<p>a page</p>');
  // The pages of the window are created with it; its own page's load is the condition waited on.
  await page.waitForLoadState('load');
  await context.close();
  await cdp.detach();
  return urls.filter((url) => url.startsWith('chrome://omnibox-popup'));
}

describe('the tests’ Chromium', () => {
  it('keeps every feature Playwright disables, and disables the address bar’s own pages', async () => {
    const playwrights = await disabledFeatures(await launch(withoutOurFeatures));
    const ours = await disabledFeatures(await launch(CHROMIUM_ARGS));
    expect(playwrights.length).toBeGreaterThan(0);
    expect(
      playwrights.filter((feature) => !ours.includes(feature)),
      'Playwright’s, lost',
    ).toEqual([]);
    expect(NOT_OF_A_PHONE.filter((feature) => !ours.includes(feature))).toEqual([]);
    // The list kept in chromium.ts is Playwright's own, not more (a stale name would hide a change).
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(
      playwrights.filter((feature) => !NOT_OF_A_PHONE.includes(feature)).sort(),
    );
  });

  it('opens no address bar pages with a new context, where Playwright’s defaults open them', async () => {
    expect(await omniboxPagesOfANewWindow(await launch(CHROMIUM_ARGS))).toEqual([]);
    expect((await omniboxPagesOfANewWindow(await launch(withoutOurFeatures))).length).toBeGreaterThan(0);
  });
});
