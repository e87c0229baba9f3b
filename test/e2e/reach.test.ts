import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { DEMO, demoCatalogue } from '../../infra/local/demo/catalogue.ts';
import { api } from '../support/api.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

/**
 * Issue 20, the storefront's reach: every unsold piece by clicks from the women's and men's
 * lists, the purchase page's check before its form, /products/productinfo, the one-of-one link of
 * product pages, and Back buttons that return where the shopper was and never leave the site.
 */
const browser = startBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

interface ListedType {
  id: string;
  name: string;
  label?: string;
  preSale: boolean;
}

/** Only the demo's collections: other test files add (and sell) their own while this one runs. */
const DEMO_TYPES = new Set(
  demoCatalogue()
    .items.filter((i) => i.kind === 'type')
    .map((i) => String(i.id)),
);

const titleOf = (t: ListedType) => (t.label?.trim() ? t.label : t.name);

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Scroll the list until the collection's link is drawn (the list grows as it is scrolled). */
async function revealCollection(page: Page, name: string): Promise<void> {
  const link = page.locator('.catalog-card-link', { hasText: name });
  await expect
    .poll(
      async () => {
        if ((await link.count()) > 0) return true;
        await scrollToBottom(page);
        return false;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);
}

async function clickBack(page: Page): Promise<void> {
  await page.locator('main .back-button').first().click();
}

/** The product page reached: its piece's id. */
async function productReached(page: Page): Promise<string> {
  await page.waitForURL('**/products/productdetails?**');
  await page.locator('.catalog-product-name').waitFor();
  const id = param(page, 'productId');
  if (!id) throw new Error(`no productId in ${page.url()}`);
  return id;
}

const swatches = (page: Page) => page.locator('.picking-swatches button.picking-swatch:not([disabled])');

async function atStep(page: Page, step: number, areas: number): Promise<void> {
  await page.getByRole('heading', { name: `Pick Color (${step} of ${areas})` }).waitFor();
  // The step's colours (or the "no colour" notice) are in.
  await expect
    .poll(async () => (await swatches(page).count()) > 0 || (await page.getByRole('alert').count()) > 0)
    .toBe(true);
}

/**
 * On a fresh colour picker: every piece its colours lead to, by clicks. Each path of colours is
 * clicked from the first area; a piece's page is left with its Back button, which comes back to
 * a fresh picker.
 */
async function piecesOfPicker(page: Page): Promise<string[]> {
  await page.getByRole('heading', { name: /^Pick Color \(1 of \d+\)( |$)/ }).waitFor();
  const heading = (await page.getByRole('heading', { name: /^Pick Color/ }).textContent()) ?? '';
  const areas = Number(/of (\d+)\)/.exec(heading)?.[1]);
  const found: string[] = [];
  const stack: string[][] = [[]];
  while (stack.length > 0) {
    const prefix = stack.pop() ?? [];
    await atStep(page, 1, areas);
    for (const [i, color] of prefix.entries()) {
      await page.getByRole('button', { name: color, exact: true }).click();
      await atStep(page, i + 2, areas);
    }
    const colors = await swatches(page).evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    );
    if (prefix.length + 1 < areas) {
      for (const color of colors) stack.push([...prefix, color]);
      // Back to the first area for the next path.
      for (let i = prefix.length; i > 0; i -= 1) {
        await page.getByRole('button', { name: 'previous colour area' }).click();
        await atStep(page, i, areas);
      }
      continue;
    }
    for (const [n, color] of colors.entries()) {
      if (n > 0) {
        for (const [i, c] of prefix.entries()) {
          await page.getByRole('button', { name: c, exact: true }).click();
          await atStep(page, i + 2, areas);
        }
      }
      await page.getByRole('button', { name: color, exact: true }).click();
      found.push(await productReached(page));
      await clickBack(page);
      await page.waitForURL('**/products/shopproduct?**');
      await atStep(page, 1, areas);
    }
    // The picker came back fresh: the next path starts from the first area again.
  }
  return found;
}

/** From the women's or men's list, by clicks only: every piece of one collection reached. */
async function piecesOfCollection(page: Page, type: ListedType): Promise<string[]> {
  const name = titleOf(type);
  await page.locator('.catalog-card-link').first().waitFor();
  await revealCollection(page, name);
  await page.locator('.catalog-card-link', { hasText: name }).first().click();
  await page.waitForURL(/\/products\/(productdetails|singleproducts|productrelated)\?/);
  const where = pathOf(page);
  if (where === '/products/productdetails') return [await productReached(page)];
  if (where === '/products/singleproducts') {
    const links = page.locator('main .catalog-links a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    const count = await links.count();
    const found: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const link = page.locator('main .catalog-links a').nth(i);
      if ((await link.textContent())?.includes('(sold)')) continue;
      await link.click();
      found.push(await productReached(page));
      await clickBack(page);
      await page.waitForURL('**/products/singleproducts?**');
      await page.locator('main .catalog-links a').first().waitFor();
    }
    return found;
  }
  // The collection landing: by sizes, or straight to the colours.
  await page.locator('.catalog-product-name').waitFor();
  const bySize = page.getByRole('link', { name: 'Shop Products - pick size' });
  const byColor = page.getByRole('link', { name: 'Shop Products - pick colors' });
  if ((await bySize.count()) > 0) {
    await bySize.click();
    await page.waitForURL('**/products/sizepicker?**');
    const sizes = page.locator('main a[href*="/products/shopproduct"]');
    await expect.poll(() => sizes.count()).toBeGreaterThan(0);
    const count = await sizes.count();
    const found: string[] = [];
    for (let i = 0; i < count; i += 1) {
      await page.locator('main a[href*="/products/shopproduct"]').nth(i).click();
      await page.waitForURL('**/products/shopproduct?**');
      found.push(...(await piecesOfPicker(page)));
      await clickBack(page);
      await page.waitForURL('**/products/sizepicker?**');
      await expect.poll(() => page.locator('main a[href*="/products/shopproduct"]').count()).toBe(count);
    }
    return found;
  }
  if ((await byColor.count()) > 0) {
    await byColor.click();
    await page.waitForURL('**/products/shopproduct?**');
    return piecesOfPicker(page);
  }
  return [];
}

async function reachEverything(gender: 0 | 1): Promise<void> {
  const list = gender === 0 ? '/women' : '/men';
  const { body } = await api<{ types: ListedType[] }>(`/getTypeByGender?gender=${gender}`);
  const types = body.types.filter((t) => DEMO_TYPES.has(t.id));
  expect(types.length).toBeGreaterThan(4);
  const expected: Record<string, string[]> = {};
  const reached: Record<string, string[]> = {};
  for (const type of types) {
    const answer = await api<{ products: { id: string; sold: boolean }[] }>(
      `/has-single-product?id=${type.id}&gender=${gender}`,
    );
    // A pre-sale collection shows only its pre-sale text (000 §2): its pieces open at release.
    expected[type.id] = type.preSale
      ? []
      : answer.body.products
          .filter((p) => !p.sold)
          .map((p) => p.id)
          .sort();
    const page = await browser.open(list);
    reached[type.id] = [...new Set(await piecesOfCollection(page, type))].sort();
    await page.context().close();
  }
  expect(reached).toEqual(expected);
  // The case: several unsold pieces of the single collection, all reached.
  expect(reached[DEMO.singleCollection]?.length).toBeGreaterThan(1);
}

describe('every unsold piece is reachable by clicks', () => {
  it('from /women: every unsold piece of every demo collection', { timeout: 300_000 }, async () => {
    await reachEverything(0);
  });

  it('from /men: every unsold piece of every demo collection', { timeout: 300_000 }, async () => {
    await reachEverything(1);
  });

  it('lists the single pieces for the gender, the sold one marked, and looks right', async () => {
    const page = await browser.open(
      `/products/singleproducts?type=${DEMO.singleCollection}&gender=0&areaAmount=0`,
    );
    await page.getByRole('link', { name: 'Pendentif Lune' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pendentif Lune' }).textContent()).toContain('(sold)');
    expect(await page.getByRole('link', { name: 'Signet No. 3' }).textContent()).not.toContain('(sold)');
    await expectAccessible(page);
    await screenshot(page, 'reach-singleproducts-phone');
  });
});

describe('the purchase page checks first', () => {
  const sold = `/products/purchase?product=${DEMO.soldSingleProduct}&type=${DEMO.singleCollection}`;
  const available = `/products/purchase?product=${DEMO.availableProduct}&type=${DEMO.womenSized}`;

  it('shows "sorry this product is already sold." and no form for a sold piece', async () => {
    const page = await browser.open(sold);
    await page.getByRole('alert').filter({ hasText: MESSAGES.purchaseSold }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.getByRole('button', { name: /continue to/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'reach-purchase-sold-phone');
  });

  it('asks the server on every visit, never from a cache', async () => {
    const page = await browser.open('/home');
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/is-sold?')) asked += 1;
    });
    await page.goto(available);
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
    await page.goto('/home');
    await page.goto(available);
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
    expect(asked).toBe(2);
  });

  it('says "something wrong. try again later." on a server failure, and the retry shows the form', async () => {
    browser.expectFailures({ status: 503, path: '/api/is-sold' });
    const page = await browser.open('/home');
    let fail = true;
    await page.route('**/api/is-sold?**', (route) =>
      fail ? route.fulfill({ status: 503, json: { message: 'unavailable' } }) : route.continue(),
    );
    await page.goto(available);
    await page.getByRole('alert').filter({ hasText: MESSAGES.priceFailed }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    await screenshot(page, 'reach-purchase-failed-phone');
    fail = false;
    await page.getByRole('button', { name: 'try again' }).click();
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
  });

  it('says "something wrong. try again later." (not "cannot be found") when the price fails on the network', async () => {
    browser.expectFailures({ status: 0, path: '/api/price-with-shipping' });
    const page = await browser.open('/home');
    let fail = true;
    await page.route('**/api/price-with-shipping?**', (route) =>
      fail ? route.abort('connectionfailed') : route.continue(),
    );
    await page.goto(available);
    await page.getByRole('alert').filter({ hasText: MESSAGES.priceFailed }).waitFor();
    expect(await page.getByText('cannot be found').count()).toBe(0);
    fail = false;
    await page.getByRole('button', { name: 'try again' }).click();
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
  });

  it('says a piece that does not exist cannot be found', async () => {
    const page = await browser.open(`/products/purchase?product=p-nowhere&type=${DEMO.womenSized}`);
    await page.getByRole('alert').filter({ hasText: 'this piece cannot be found' }).waitFor();
    expect(await page.getByRole('button', { name: 'try again' }).count()).toBe(0);
  });
});

describe('/products/productinfo', () => {
  it("shows a collection's text for a title from GET /get-product-info", async () => {
    const { body } = await api<{ content: string }>(
      `/get-product-info?title=madeIn&tid=${DEMO.singleCollection}`,
    );
    expect(body.content.length).toBeGreaterThan(10);
    const page = await browser.open(`/products/productinfo?tid=${DEMO.singleCollection}&title=madeIn`);
    await page.getByRole('heading', { name: 'Made In' }).waitFor();
    await page.getByText(body.content, { exact: true }).waitFor();
    expect(await page.getByText(MESSAGES.pageNotFound).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'reach-productinfo-phone');
  });

  it('shows the fixed change-country text, and sends a visit without inputs to /', async () => {
    const page = await browser.open(`/products/productinfo?tid=${DEMO.womenSized}&title=changeCountry`);
    await page.getByText('All prices are displayed and billed only in USD.').waitFor();
    const bare = await browser.open('/products/productinfo');
    await bare.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  });
});

describe('the one-of-one link of product pages', () => {
  it('leads from a product page to /world/oneofoneluxury and back to the same place', async () => {
    const page = await browser.open(
      `/products/productdetails?productId=${DEMO.availableProduct}&type=${DEMO.womenSized}&areaAmount=2&gender=0&size=M&singleProduct=false`,
    );
    const link = page.getByRole('link', { name: 'one of one: made once, never again' });
    await link.waitFor();
    await screenshot(page, 'reach-details-one-of-one-phone');
    await link.click();
    await page.waitForURL('**/world/oneofoneluxury');
    await page.getByRole('heading', { name: 'One of One Luxury' }).waitFor();
    await clickBack(page);
    await page.waitForURL('**/products/productdetails?**');
    expect(param(page, 'productId')).toBe(DEMO.availableProduct);
  });

  it('is on a single piece page too', async () => {
    const page = await browser.open(
      `/products/productdetails?productId=${DEMO.singleProducts.men}&type=${DEMO.singleCollection}&gender=1&singleProduct=true`,
    );
    await page.getByRole('link', { name: 'one of one: made once, never again' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'one of one: made once, never again' }).getAttribute('href'),
    ).toBe('/world/oneofoneluxury');
  });
});

describe('Back buttons', () => {
  it('on a direct landing on a product page go to its collection, then its list, never off the site', async () => {
    const page = await browser.open(
      `/products/productdetails?productId=${DEMO.availableProduct}&type=${DEMO.womenSized}&areaAmount=2&gender=0&size=M&singleProduct=false`,
    );
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    await clickBack(page);
    await page.waitForURL('**/products/productrelated?**');
    // The collection's canonical address (its page rendered ahead of time, issue 47).
    expect(new URL(page.url()).search).toBe(`?type=${DEMO.womenSized}&gender=0`);
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    await clickBack(page);
    await page.waitForURL((url) => url.pathname === '/women');
  });

  it('on a direct landing on a single piece go to the list of single pieces for the gender', async () => {
    const page = await browser.open(
      `/products/productdetails?productId=${DEMO.singleProducts.men}&type=${DEMO.singleCollection}&gender=1&singleProduct=true`,
    );
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    await clickBack(page);
    await page.waitForURL('**/products/singleproducts?**');
    expect(new URL(page.url()).search).toBe(`?type=${DEMO.singleCollection}&gender=1`);
    await page.getByRole('link', { name: 'Optique No. 7' }).waitFor();
  });

  it('on a direct landing on the purchase page go to the piece', async () => {
    const page = await browser.open(
      `/products/purchase?product=${DEMO.availableProduct}&type=${DEMO.womenSized}`,
    );
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
    await clickBack(page);
    await page.waitForURL('**/products/productdetails?**');
    expect(param(page, 'productId')).toBe(DEMO.availableProduct);
  });

  it('on a direct landing on an information page go to its menu', { timeout: 60_000 }, async () => {
    for (const [from, to] of [
      ['/more/taxes', '/more'],
      ['/world/mission/lyrics', '/world/mission'],
      ['/allvideos/mission-video', '/allvideos'],
      ['/world/club', '/world'],
    ] as const) {
      const info = await browser.open(from);
      await info.locator('main .back-button').waitFor();
      await clickBack(info);
      await info.waitForURL((url) => url.pathname === to);
    }
  });

  it('return one step back inside the site, at the scroll position the shopper left', async () => {
    const page = await browser.open('/allvideos', { viewport: { width: 360, height: 500 } });
    const links = page.locator('main a[href^="/allvideos/"]');
    await expect.poll(() => links.count()).toBeGreaterThan(10);
    const target = links.nth(15);
    await target.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(300);
    await target.click();
    await page.waitForURL('**/allvideos/**');
    await page.getByRole('link', { name: 'all videos' }).click();
    await page.waitForURL((url) => url.pathname === '/allvideos');
    // One step back, not a new visit of the list.
    expect(await page.evaluate(() => (window.history.state as { idx: number }).idx)).toBe(0);
    await expect
      .poll(() => page.evaluate((top) => Math.abs(window.scrollY - top), y), { timeout: 3_000 })
      .toBeLessThan(5);
  });

  it("return from a product page's info link to the product page at the link clicked", async () => {
    const page = await browser.open(
      `/products/productdetails?productId=${DEMO.availableProduct}&type=${DEMO.womenSized}&areaAmount=2&gender=0&size=M&singleProduct=false`,
      { viewport: DESKTOP },
    );
    await page.setViewportSize({ width: 360, height: 600 });
    const link = page.getByRole('link', { name: 'international transaction fees' });
    await link.waitFor();
    await link.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(200);
    await link.click();
    await page.waitForURL('**/products/material?**');
    await clickBack(page);
    await page.waitForURL('**/products/productdetails?**');
    await expect
      .poll(() => page.evaluate((top) => Math.abs(window.scrollY - top), y), { timeout: 3_000 })
      .toBeLessThan(5);
  });
});
