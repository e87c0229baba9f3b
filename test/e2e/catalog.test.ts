import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

const browser = startBrowser();

/** Women's and unisex collections of the demo, as the list labels them (label, or name). */
const WOMEN = [
  'Aurora — the evening gown',
  'Céleste Clutch',
  'The Voyage Weekender',
  'Atelier Singles',
  'Lumière Earrings',
  'Nocturne Scarf',
];

const INFO_LABELS = [
  'philanthropy',
  'product price',
  'meaning of the name',
  'dimension details',
  'material',
  'made in',
  'product images',
  'care',
  'duties',
  'taxes',
  'shipping method',
  'shipping cost',
  'delivery time',
  'returns',
  'price and currency',
  'change country',
  'payment method',
  'international transaction fees',
];

const cards = (page: Page) => page.locator('.catalog-card');
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Scroll until the collection's link is rendered (the list grows as it is scrolled). */
async function revealCollection(page: Page, name: string): Promise<void> {
  const link = page.getByRole('link', { name, exact: true });
  await expect
    .poll(
      async () => {
        if ((await link.count()) > 0) return true;
        await scrollToBottom(page);
        return false;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
}

async function waitForImages(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.catalog-gallery img')]
      .filter((img) => img.loading === 'eager' || img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete),
  );
}

describe('women and men lists', () => {
  it('shows "loading..." and then the women and unisex collections with the membership row', async () => {
    const page = await browser.open('/home');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/getTypeByGender**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'women', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'loading...' }).waitFor();
    release();
    await page.getByRole('link', { name: WOMEN[0] }).waitFor();
    expect(await page.getByText('loading...').count()).toBe(0);

    const membership = page.locator('a[href="/world/membership"]');
    expect(await membership.count()).toBe(1);
    // The membership row comes before the collections.
    const order = await page.evaluate(() => {
      const row = document.querySelector('a[href="/world/membership"]');
      const list = document.querySelector('.catalog-grid');
      return row && list ? row.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();

    await revealCollection(page, 'Nocturne Scarf');
    const labels = await page.locator('.catalog-card-link').allTextContents();
    expect(labels).toEqual(WOMEN);
    // Men's collections are not in the women's list.
    expect(await page.getByRole('link', { name: 'Regent Oxfords' }).count()).toBe(0);
    // Every gallery picture is lazy and sized between 300 and 500 px.
    const sizes = await page.locator('.catalog-gallery img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        lazy: (img as HTMLImageElement).loading,
        width: img.getAttribute('width'),
        shown: img.getBoundingClientRect().width,
      })),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) {
      expect(size.width).toBeTruthy();
      expect(size.shown).toBeGreaterThanOrEqual(290);
      expect(size.shown).toBeLessThanOrEqual(500);
    }
    expect(sizes.filter((s) => s.lazy === 'lazy').length).toBeGreaterThan(0);
  });

  it('starts with a first batch and loads more when scrolled', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[0] }).waitFor();
    // 740 px phone: max(3, ceil(740 / 330)) = 3 rows first.
    expect(await cards(page).count()).toBe(3);
    await scrollToBottom(page);
    await expect.poll(() => cards(page).count(), { timeout: 5_000 }).toBeGreaterThan(3);
    await revealCollection(page, 'Nocturne Scarf');
    expect(await cards(page).count()).toBe(WOMEN.length);
  });

  it('shows the men list with men and unisex collections', async () => {
    const page = await browser.open('/men');
    await page.getByRole('link', { name: 'Regent Oxfords' }).waitFor();
    await revealCollection(page, 'Nocturne Scarf');
    const labels = await page.locator('.catalog-card-link').allTextContents();
    expect(labels).toContain('Méridien Watch');
    expect(labels).not.toContain(WOMEN[0]);
  });

  it('goes from the women list to the collection landing with "Shop Products - pick size"', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[0] }).click();
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    // The collection's canonical address (its page rendered ahead of time, issue 47): type and
    // gender alone; the page reads its colour areas from the collection.
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(`/products/productrelated?type=${DEMO.womenSized}&gender=0`);
    expect(await page.getByRole('link', { name: 'Find your size' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Collection Video' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'product price' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'meaning of collection design' }).count()).toBe(1);
    const shop = await page.getByRole('link', { name: 'Shop Products - pick size' }).getAttribute('href');
    expect(shop).toBe(`/products/sizepicker?type=${DEMO.womenSized}&gender=0&areaAmount=2`);
  });

  it('opens the collection landing on a tap on its pictures', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[1] }).waitFor();
    // Scrolled to first: a gallery below the fold starts Swiper once on screen, and a click
    // landing while Swiper replaces its static markup would be a click on nothing.
    const card = page.locator('.catalog-card').nth(1);
    await card.scrollIntoViewIfNeeded();
    await card.locator('.swiper-initialized').waitFor();
    await card.locator('.swiper-slide-active img').first().click();
    await page.getByRole('link', { name: 'Shop Products - pick colors' }).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe(DEMO.womenUnsized);
  });

  it('opens a single-collection type with several unsold pieces on its list of single pieces', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[0] }).waitFor();
    await revealCollection(page, 'Atelier Singles');
    await page.getByRole('link', { name: 'Atelier Singles' }).click();
    await page.waitForURL('**/products/singleproducts?**');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(
      `/products/singleproducts?type=${DEMO.singleCollection}&gender=0`,
    );
    // The women's unsold pieces (a women's and a unisex one) and the sold one, marked.
    await page.getByRole('link', { name: 'Écharpe de Soie' }).waitFor();
    const names = await page.locator('main .catalog-links a').allTextContents();
    expect(names.length).toBe(3);
    expect(names.filter((n) => n.includes('(sold)')).length).toBe(1);
    await page.getByRole('link', { name: 'Signet No. 3' }).click();
    await page.waitForURL('**/products/productdetails?**');
    const details = new URL(page.url());
    expect(details.searchParams.get('productId')).toBe(DEMO.singleProducts.unisex);
    expect(details.searchParams.get('singleProduct')).toBe('true');
    // The collection's colour areas, read from the collection (the list's address has none).
    expect(details.searchParams.get('areaAmount')).toBe('0');
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    expect(await page.getByRole('link', { name: 'Change Color' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Collection Video' }).count()).toBe(0);
  });

  it('restores the list scroll position on back navigation', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[0] }).waitFor();
    await revealCollection(page, 'Lumière Earrings');
    const target = page.getByRole('link', { name: 'Lumière Earrings' });
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);
    // The position is saved 100 ms after scrolling stops.
    await expect
      .poll(() => page.evaluate(() => Number(sessionStorage.getItem('scrollPositionWomen'))))
      .toBe(Math.round(y));
    await target.click();
    await page.getByText('Lumière opens to members first', { exact: false }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Lumière Earrings' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(y - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThanOrEqual(5);
  });

  it('looks right and is accessible on a phone and a desktop', async () => {
    const page = await browser.open('/women');
    await page.getByRole('link', { name: WOMEN[0] }).waitFor();
    await waitForImages(page);
    await expectAccessible(page);
    await screenshot(page, 'catalog-women-phone');
    const desk = await browser.open('/women', { viewport: DESKTOP });
    await desk.getByRole('link', { name: WOMEN[0] }).waitFor();
    await waitForImages(desk);
    await expectAccessible(desk);
    await screenshot(desk, 'catalog-women-desktop');
  });
});

describe('collection landing', () => {
  // The canonical address (issue 47): type and gender alone.
  const landing = (type: string, gender = 0) => `/products/productrelated?type=${type}&gender=${gender}`;

  it('works at its canonical address alone, and at an older, longer one (a link mailed before)', async () => {
    const page = await browser.open(landing(DEMO.menSized, 1));
    const shop = page.getByRole('link', { name: 'Shop Products - pick size' });
    // The colour areas come from the collection.
    expect(await shop.getAttribute('href')).toBe(
      `/products/sizepicker?type=${DEMO.menSized}&gender=1&areaAmount=2`,
    );
    await shop.click();
    await page.waitForURL('**/products/sizepicker?**');
    const older = await browser.open(
      `/products/productrelated?type=${DEMO.menSized}&gender=1&areaAmount=2&singleProduct=false`,
    );
    await older.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
  });

  it('shows only the pre-sale text for a pre-sale collection', async () => {
    const page = await browser.open(landing(DEMO.preSale));
    await page.getByText('Lumière opens to members first', { exact: false }).waitFor();
    expect(await page.locator('main a').count()).toBe(0);
    expect(await page.getByRole('link', { name: /shop products/i }).count()).toBe(0);
  });

  it('shows the sold-out message and no find-size or shop links for a sold-out collection', async () => {
    const page = await browser.open(landing(DEMO.soldOut));
    await page.getByText(MESSAGES.collectionSold, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /shop products/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Find your size' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'product dimensions' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Collection Video' }).count()).toBe(1);
  });

  it('offers product dimensions and "pick colors" for a collection without sizes', async () => {
    const page = await browser.open(landing(DEMO.womenUnsized));
    await page.getByRole('link', { name: 'Shop Products - pick colors' }).waitFor();
    const href = await page.getByRole('link', { name: 'product dimensions' }).getAttribute('href');
    expect(href).toBe(`/products/material?tid=${DEMO.womenUnsized}&title=dimensionBefore`);
    expect(await page.getByRole('link', { name: 'meaning of collection design' }).count()).toBe(0);
  });

  it('is accessible and looks right on a phone and a desktop', async () => {
    const page = await browser.open(landing(DEMO.womenSized));
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'catalog-landing-phone');
    const desk = await browser.open(landing(DEMO.womenSized), { viewport: DESKTOP });
    await desk.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    await screenshot(desk, 'catalog-landing-desktop');
  });

  it('lists single products with "No Products Available" when there are none', async () => {
    const page = await browser.open(
      `/products/singleproducts?type=${DEMO.singleCollection}&gender=1&areaAmount=0`,
    );
    await page.getByRole('link', { name: 'Optique No. 7' }).waitFor();
    expect(await page.getByRole('link', { name: 'Écharpe de Soie' }).count()).toBe(0);
    const href = await page.getByRole('link', { name: 'Signet No. 3' }).getAttribute('href');
    expect(href).toContain('singleProduct=true');
    const none = await browser.open(`/products/singleproducts?type=${DEMO.preSale}&gender=1`);
    await none.getByText(MESSAGES.noProductsAvailable, { exact: true }).waitFor();
  });
});

describe('product details', () => {
  const details = (productId: string) =>
    `/products/productdetails?productId=${productId}&type=${DEMO.womenSized}&areaAmount=2&gender=0&size=M&singleProduct=false`;

  it('shows the carousel with its pager, the price, every info link and Purchase (address only)', async () => {
    const page = await browser.open(details(DEMO.availableProduct));
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    expect(await page.locator('.swiper-pagination-fraction').textContent()).toMatch(/^1 \/ \d+$/);
    expect(await page.getByText('7400', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText('USD', { exact: true }).count()).toBe(1);
    const purchase = await page.getByRole('link', { name: 'Purchase' }).getAttribute('href');
    expect(purchase).toBe(`/products/purchase?product=${DEMO.availableProduct}&type=${DEMO.womenSized}`);
    // The product's own links; the wallet buttons under Purchase (issue 46) bring their terms link.
    const links = await page
      .getByRole('navigation', { name: 'product' })
      .locator('li:not(.catalog-link-wallets) > a')
      .allTextContents();
    expect(links).toEqual([
      'Purchase',
      'Change Color',
      'Change Size',
      ...INFO_LABELS,
      'Collection Video',
      'Find your size',
      'Contact Us',
    ]);
    const change = await page.getByRole('link', { name: 'change country' }).getAttribute('href');
    expect(change).toBe(`/products/material?tid=${DEMO.womenSized}&title=changeCountry`);
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      '/more/contact_us',
    );
  });

  it("writes the piece's colours under its collection's area names, with Purchase on a phone's first screen", async () => {
    // DEMO.availableProduct: black bodice, white skirt.
    for (const viewport of [{ width: 390, height: 844 }, DESKTOP]) {
      const page = await browser.open(details(DEMO.availableProduct), { viewport });
      const purchase = page.getByRole('link', { name: 'Purchase' });
      await purchase.waitFor();
      const colours = page.locator('.catalog-colours');
      expect(await colours.locator('dt').allTextContents()).toEqual(['bodice', 'skirt']);
      expect(await colours.locator('dd').allTextContents()).toEqual(['black', 'white']);
      // The first screen holds the purchase action, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = await purchase.boundingBox();
      expect(box, 'the Purchase link is drawn').not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      await expectAccessible(page);
      await screenshot(page, `catalog-details-colours-${viewport.width}`);
    }
  });

  it('shows "this product is sold." for a sold product', async () => {
    const page = await browser.open(details(DEMO.soldProduct));
    await page.getByText(MESSAGES.productSold, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Purchase' }).count()).toBe(0);
  });

  it('sends a page with no inputs to /', async () => {
    const page = await browser.open('/products/productdetails');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    const other = await browser.open('/products/productrelated');
    await other.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    expect(['/', '/home']).toContain(pathOf(other));
  });

  it('scrolls back to the last clicked link on return', async () => {
    const page = await browser.open(details(DEMO.availableProduct));
    const link = page.getByRole('link', { name: 'payment method' });
    await link.waitFor();
    await link.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    await link.click();
    await page.waitForURL('**/products/material?**');
    await page.goBack();
    await page.getByRole('link', { name: 'payment method' }).waitFor();
    await expect
      .poll(() => page.evaluate((top) => Math.abs(window.scrollY - top), y), { timeout: 3_000 })
      .toBeLessThan(5);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('scroll-back') ?? '{}'));
    expect(stored.link).toBe('paymentMethod');
  });

  it('is accessible and looks right on a phone and a desktop', async () => {
    const page = await browser.open(details(DEMO.availableProduct));
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    await waitForImages(page);
    await expectAccessible(page);
    await screenshot(page, 'catalog-details-phone');
    const desk = await browser.open(details(DEMO.availableProduct), { viewport: DESKTOP });
    await desk.getByRole('link', { name: 'Purchase' }).waitFor();
    await waitForImages(desk);
    await screenshot(desk, 'catalog-details-desktop');
  });

  it('shows the dimension pictures of a collection', async () => {
    const page = await browser.open(`/products/productdimensions?type=${DEMO.typeWithDimensions}`);
    await page.locator('.catalog-gallery img').first().waitFor();
    expect(await page.locator('.catalog-gallery img').count()).toBeGreaterThan(0);
  });
});
