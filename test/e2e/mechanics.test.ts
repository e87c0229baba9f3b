import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { DESKTOP, PHONE, screenshot, startBrowser } from './support/browser.ts';

/**
 * The storefront's mechanics of 000 §4 in Chromium, with its touch emulation: one tap acts once,
 * a pinch-zoomed picture does not open its collection, the body's height pinned on phones, the
 * `scrollPositionVids` cookie of /allvideos; and the screens of 000 §2 that only a failure or a
 * stray value shows: "Unexpected Application Error", a product page with the size 'null'.
 */
const browser = startBrowser();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';

/** What a finger's lifting can set off: the browser's own click after it comes within ~300 ms. */
const AFTER_TAP_MS = 700;

describe('a tap on a size finder control acts once (000 §4: the click after a handled touch is ignored)', () => {
  const guidePage = `/products/productsizeguide?type=${DEMO.womenSized}&gender=0`;

  async function openFinder(page: Page) {
    await page.getByRole('button', { name: 'size finder' }).click();
    const sheet = page.getByRole('dialog', { name: 'size finder' });
    await sheet.getByRole('button', { name: 'begin' }).tap();
    await sheet.getByText('question 1 of 6').waitFor();
    return sheet;
  }

  it('a tap on "skip" passes one step, and a tap on a choice of several chooses it and keeps it chosen', async () => {
    const page = await browser.open(guidePage);
    // The browser makes a click of every tap: it is there to be ignored.
    await page.evaluate(() => {
      (window as unknown as { clicks: number }).clicks = 0;
      window.addEventListener('click', () => (window as unknown as { clicks: number }).clicks++, true);
    });
    const sheet = await openFinder(page);
    const clicks = () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
    const before = await clicks();
    for (const next of [2, 3, 4, 5]) {
      await sheet.getByRole('button', { name: 'skip' }).tap();
      await page.waitForTimeout(AFTER_TAP_MS);
      expect(await sheet.locator('.picking-finder-count').textContent()).toBe(`question ${next} of 6`);
    }
    // Question 5 takes several choices: each tap turns one on, and the click after it must not turn it off.
    const two = sheet.getByRole('button', { name: '2 cm' });
    await two.tap();
    await page.waitForTimeout(AFTER_TAP_MS);
    expect(await two.getAttribute('aria-pressed')).toBe('true');
    const five = sheet.getByRole('button', { name: '5 cm' });
    await five.tap();
    await page.waitForTimeout(AFTER_TAP_MS);
    expect(await five.getAttribute('aria-pressed')).toBe('true');
    expect(await two.getAttribute('aria-pressed')).toBe('true');
    // The taps made their clicks (six taps), and none of them acted a second time.
    expect((await clicks()) - before).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'mechanics-finder-tapped-phone');
  });

  it('a mouse click and the keyboard still act, once each', async () => {
    const page = await browser.open(guidePage, { viewport: DESKTOP });
    await page.getByRole('button', { name: 'size finder' }).click();
    const sheet = page.getByRole('dialog', { name: 'size finder' });
    await sheet.getByRole('button', { name: 'begin' }).click();
    await sheet.getByText('question 1 of 6').waitFor();
    await sheet.getByRole('button', { name: 'skip' }).click();
    await sheet.getByText('question 2 of 6').waitFor();
    await sheet.getByRole('button', { name: 'skip' }).focus();
    await page.keyboard.press('Enter');
    await sheet.getByText('question 3 of 6').waitFor();
    await sheet.getByRole('button', { name: 'back' }).click();
    await sheet.getByText('question 2 of 6').waitFor();
  });
});

describe('a pinch-zoomed picture does not open its collection (000 §2: scale above 1.01)', () => {
  /** The first card's gallery on /women, its first picture loaded. */
  async function firstPicture(page: Page) {
    const picture = page.locator('.catalog-card').first().locator('.swiper-slide-active img').first();
    await picture.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await picture.elementHandle(),
    );
    return picture;
  }

  /** Two fingers on the picture's middle, moved apart: Chromium's touch events, as a phone sends them. */
  async function pinchOut(page: Page, box: { x: number; y: number; width: number; height: number }) {
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const fingers = (apart: number) => [
      { x: x - apart, y, id: 0 },
      { x: x + apart, y, id: 1 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (let apart = 30; apart <= 110; apart += 10) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  const scaleOf = (page: Page) =>
    page
      .locator('.catalog-card')
      .first()
      // Swiper scales what the zoom container holds (the <picture>), not the container.
      .locator('.swiper-slide-active .swiper-zoom-container > *')
      .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);

  it('a tap on a picture zoomed by pinching stays on the list; a tap on one not zoomed opens it', async () => {
    const page = await browser.open('/women');
    const picture = await firstPicture(page);
    const box = await picture.boundingBox();
    if (!box) throw new Error('the first picture has no box');
    await pinchOut(page, box);
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(1.5);
    await screenshot(page, 'mechanics-pinch-zoomed-phone');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/women');

    const fresh = await browser.open('/women');
    const unzoomed = await firstPicture(fresh);
    await unzoomed.tap();
    await fresh.waitForURL('**/products/productrelated?**');
  });
});

describe('the body height on phones (000 §4: pinned on some mobile agents)', () => {
  const minHeight = (page: Page) => page.evaluate(() => document.body.style.minHeight);

  it.each([
    ['an iPhone', IPHONE],
    ['an Android phone', ANDROID],
  ])(
    'on %s it is pinned to the height shown at load, kept while only the height changes, pinned again on a turn',
    async (_name, userAgent) => {
      const page = await browser.open('/home', { viewport: { width: 390, height: 664 }, userAgent });
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(await minHeight(page)).toBe('664px');
      // The browser's bars slide away: the page shows more, the body keeps its height.
      await page.setViewportSize({ width: 390, height: 740 });
      await page.waitForTimeout(200);
      expect(await minHeight(page)).toBe('664px');
      // The phone turns.
      await page.setViewportSize({ width: 740, height: 390 });
      await expect.poll(() => minHeight(page)).toBe('390px');
    },
  );

  it('on a desktop browser it is left to the stylesheet', async () => {
    const page = await browser.open('/home', { viewport: DESKTOP });
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await minHeight(page)).toBe('');
  });
});

describe('the scrollPositionVids cookie of /allvideos (000 §3)', () => {
  it('keeps the list offset in a cookie for the whole site and brings the list back to it', async () => {
    const page = await browser.open('/allvideos', { viewport: { width: 360, height: 500 } });
    const links = page.getByRole('navigation', { name: 'Videos' }).getByRole('link');
    await links.first().waitFor();
    await links.nth(15).scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => Math.round(window.scrollY));
    expect(y).toBeGreaterThan(300);
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'scrollPositionVids');
    await expect.poll(async () => (await cookie())?.value).toBe(String(y));
    expect(await cookie()).toMatchObject({ path: '/', sameSite: 'Strict', expires: -1 });
    // Another page, reached forward (which starts at the top), then the list again, also forward.
    await page.goto('/home');
    await page.getByRole('link', { name: 'videos' }).click();
    await page.waitForURL((url) => url.pathname === '/allvideos');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5_000 }).toBe(y);
  });
});

describe('the product page with the size text "null" (000 §2)', () => {
  it('shows no "Change Size", and "product dimensions" in place of "Find your size"', async () => {
    const details = (size: string) =>
      `/products/productdetails?productId=${DEMO.availableProduct}&type=${DEMO.womenSized}&areaAmount=2&gender=0&size=${size}&singleProduct=false`;
    const page = await browser.open(details('null'));
    const nav = page.getByRole('navigation', { name: 'product' });
    await nav.getByRole('link', { name: 'Purchase' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Change Color' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Change Size' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Find your size' }).count()).toBe(0);
    // The same piece with a real size has it.
    const sized = await browser.open(details('M'));
    await sized.getByRole('link', { name: 'Purchase' }).waitFor();
    expect(await sized.getByRole('link', { name: 'Change Size' }).count()).toBe(1);
  });
});

describe('"Unexpected Application Error" (000 §2: the generic fallback screen)', () => {
  // React's (production) words for an object where text belongs.
  const BROKEN = 'Minified React error #31';

  it('shows the status and the text when even the not-found screen fails to render', async () => {
    let planted = 0;
    // The shop's own script, as served, with one fault planted from outside: the not-found text
    // is an object, so drawing it throws, the router's error screen (the same text) fails too,
    // and the app's last boundary is all that is left. Nothing in the shop's code opens this way in.
    const page = await browser.open('about:blank', {
      viewport: PHONE,
      beforeLoad: async (p) => {
        await p.route(/\/assets\/.*\.js$/, async (route) => {
          const response = await route.fetch();
          const body = await response.text();
          const faulty = body.replace(
            /pageNotFound:(["'`])Sorry your page is not found\.\1/,
            'pageNotFound:{broken:true}',
          );
          if (faulty !== body) planted++;
          await route.fulfill({ response, body: faulty });
        });
      },
    });
    await page.goto('/no/such/page');
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error', level: 1 });
    await heading.waitFor();
    expect(planted).toBe(1);
    expect(await page.locator('main p').textContent()).toMatch(/^500 Minified React error #31;/);
    await screenshot(page, 'mechanics-unexpected-error-phone');
    // The failure is logged (React's report and the boundary's), and nothing else is.
    const problems = browser.takeProblems();
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem.text).toContain(BROKEN);
  });
});
