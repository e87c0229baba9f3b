import { beforeAll, describe, expect, it } from 'vitest';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mp4, pngFile } from '../support/media.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * The collection screens in Chromium (001 §2): log in, add a collection with its pictures
 * (progress bars, the 25-picture limit), set its shipping prices, see it in the shop, and the
 * delete that is refused while pieces remain.
 */
const browser = startBrowser();

/** A 24×24 PNG of one colour, a different colour for each `i`. */
const file = (i: number) =>
  pngFile(`look-${i + 1}.png`, { size: 24, colour: [150 + ((i * 37) % 100), 110, 70 + ((i * 53) % 120)] });

const logIn = (options: OpenOptions = {}) => openAsStaff(browser, { defaultTimeout: 10_000, ...options });

describe('a new collection', () => {
  const name = uniqueId('Maison Test');
  const label = `Atelier ${name.slice(-8)}`;
  let id = '';

  it('is added with every field and its pictures, uploaded with progress bars, at most 25', {
    timeout: 60_000,
  }, async () => {
    // Known gap: right after an upload the admin asks for the picture set's first rung before the
    // picture job has made it (a 404 until it has); the page then shows it.
    browser.expectFailures({ status: 404, path: /^\/media\/collection_images\/[0-9a-f-]{36}\/320w\.avif$/ });
    const page = await logIn({ viewport: DESKTOP });
    await page.getByRole('link', { name: 'collections' }).click();
    await page.waitForURL('**/view-types');
    await page.getByRole('link', { name: 'add a collection' }).click();
    await page.waitForURL('**/adtype');

    await page.getByLabel('name', { exact: true }).fill(name);
    await page.getByLabel('label (shown instead of the name)').fill(label);
    await page.getByLabel('for', { exact: true }).selectOption('0');
    await page.getByLabel('colour areas of a piece').fill('1');
    await page.getByLabel('names of the colour areas').fill(' silk , ');
    await page.getByLabel('pre-sale', { exact: true }).check();
    await page.getByLabel('pre-sale text').fill('arrives in spring');
    await page.getByLabel('discount', { exact: true }).check();
    await page.getByLabel('discount code').fill('SPRING10');
    await page.getByLabel('discount (percent)').fill('10');
    await page.getByLabel('authenticity portal text').fill('Made once, for you.');
    await page.getByLabel('material').fill('silk faille');

    // Saving with no picture at all is refused before anything is sent.
    await page.getByRole('button', { name: 'add the collection' }).click();
    await page.getByRole('alert').filter({ hasText: 'please add product image for men or women' }).waitFor();

    const uploader = page.getByRole('region', { name: "add women's pictures" });
    const picker = uploader.locator('input[type="file"]');
    await picker.setInputFiles(await Promise.all(Array.from({ length: 26 }, (_, i) => file(i))));
    await page.getByRole('alert').filter({ hasText: 'please select no more than 25 files' }).waitFor();
    expect(await page.locator('.adm-previews li').count()).toBe(0);

    // Uploads are held until the page sees the progress bars of every file.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/upload-url', async (route) => {
      await held;
      await route.fallback();
    });
    await picker.setInputFiles(await Promise.all([file(0), file(1), file(2)]));
    await page.getByRole('button', { name: 'move look-3.png up' }).click();
    const bars = page.getByRole('progressbar');
    await expect.poll(() => bars.count()).toBe(3);
    await uploader.getByRole('button', { name: 'upload', exact: true }).click();
    await uploader.getByRole('button', { name: 'uploading...' }).waitFor();
    await screenshot(page, 'admin-types-uploading-desktop');
    release();
    await expect.poll(() => page.locator('.adm-types-pictures img').count()).toBe(3);
    await page.getByRole('heading', { name: "women's pictures (3 of 25)" }).waitFor();
    await page.getByRole('button', { name: "move women's picture 3 earlier" }).click();
    await screenshot(page, 'admin-types-form-desktop');
    await expectAccessible(page);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/types') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'add the collection' }).click();
    const answer = (await (await created).json()) as { type: { id: string; womenImages: string[] } };
    id = answer.type.id;
    await page.waitForURL('**/view-types');
    await page.getByRole('heading', { name }).waitFor();

    const stored = await getRaw(`TYPE#${id}`, '#TYPE');
    expect(stored).toMatchObject({
      name,
      label,
      gender: 0,
      areaAmount: 1,
      areaNames: ['silk'],
      preSale: true,
      preSaleText: 'arrives in spring',
      discount: true,
      discountCode: 'SPRING10',
      discountAmount: 10,
      authPortalText: 'Made once, for you.',
      material: 'silk faille',
      menproductimage: 'undefined',
    });
    const women = JSON.parse(String(stored?.womenproductimage)) as string[];
    expect(women).toHaveLength(3);
    expect(women).toEqual(answer.type.womenImages);
    await screenshot(page, 'admin-types-list-desktop');
    await expectAccessible(page);
  });

  it('gets its shipping prices with "set all", then one country changed', { timeout: 60_000 }, async () => {
    expect(id).not.toBe('');
    const page = await logIn();
    await page.goto(`/ad-shippings/${id}`);
    await page.getByRole('heading', { name: `shipping prices of ${name}` }).waitFor();
    await page.getByLabel('one price for every country (USD)').fill('45');
    await page.getByRole('button', { name: 'set all countries' }).click();
    await page.getByRole('button', { name: 'yes, set all countries' }).click();
    await expect.poll(() => page.getByLabel('Canada', { exact: true }).inputValue()).toBe('45');
    expect(await page.getByLabel('Japan', { exact: true }).inputValue()).toBe('45');

    await page.getByLabel('find a country').fill('canada');
    await page.getByLabel('Canada', { exact: true }).fill('30.50');
    await page.getByRole('button', { name: 'save 1 change' }).click();
    await page.getByRole('button', { name: 'save 0 changes' }).waitFor();
    await page.getByLabel('find a country').fill('');
    const prices = (await getRaw(`TYPE#${id}`, '#TYPE'))?.shippingPrices as Record<string, number>;
    expect(prices.CA).toBe(30.5);
    expect(prices.JP).toBe(45);
    await screenshot(page, 'admin-types-shipping-phone');
    await expectAccessible(page);
  });

  it('shows in the storefront women list with its pictures', async () => {
    expect(id).not.toBe('');
    const page = await browser.open('/women');
    const link = page.getByRole('link', { name: label, exact: true });
    await expect
      .poll(
        async () => {
          if ((await link.count()) > 0) return true;
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return false;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    const card = page.locator('.catalog-card').filter({ has: link });
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('img').count()).toBeGreaterThan(0);
    const src = await card.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/media\/collection_images\/[\w-]+\.png$/);
  });
});

describe('the collection screens', () => {
  const full = typeEntity({
    name: uniqueId('Still Stocked'),
    gender: 1,
    createdAt: new Date().toISOString(),
  });
  beforeAll(async () => {
    pointAtLocalStack();
    await store({ type: full, products: [productEntity(full)] });
  });

  it('refuse to delete a collection that still has pieces with the "Error" alert', async () => {
    const page = await logIn();
    await page.goto('/view-types');
    const card = page
      .locator('.adm-types-card')
      .filter({ has: page.getByRole('heading', { name: full.name }) });
    // Other suites add collections in the same run: page on to this one, as staff would.
    const next = page.getByRole('navigation', { name: 'pages' }).getByRole('button', { name: 'next' });
    await page.locator('.adm-types-card').first().waitFor();
    for (let turns = 0; !(await card.isVisible()) && turns < 50; turns++) {
      if (!(await next.isVisible()) || !(await next.isEnabled())) break;
      await next.click();
      await page.waitForTimeout(300);
    }
    await card.getByRole('button', { name: 'delete' }).click();
    await card.getByRole('button', { name: 'yes, delete' }).click();
    const alert = card.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Error: this collection still has 1 product/);
    expect(await getRaw(`TYPE#${full.id}`, '#TYPE')).toBeDefined();
    await screenshot(page, 'admin-types-delete-refused-phone');
    await expectAccessible(page);
  });

  it('edit a collection at 360 px, and show its videos and dimension pictures', {
    timeout: 60_000,
  }, async () => {
    // The same known gap as above: a fresh picture's first rung is asked for before it is made.
    browser.expectFailures({ status: 404, path: /^\/media\/collection_images\/[0-9a-f-]{36}\/320w\.avif$/ });
    const page = await logIn();
    await page.goto(`/adtype?id=${full.id}`);
    await page.getByLabel('name', { exact: true }).waitFor();
    expect(await page.getByLabel('name', { exact: true }).inputValue()).toBe(full.name);
    expect(await page.getByLabel('material').inputValue()).toBe('silk faille');
    await page.getByLabel('material').fill('cashmere');
    await page.getByRole('button', { name: 'save changes' }).click();
    await page.getByText('saved.').waitFor();
    expect((await getRaw(`TYPE#${full.id}`, '#TYPE'))?.material).toBe('cashmere');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-types-edit-phone');
    await expectAccessible(page);

    await page.goto(`/ad-type-video?id=${full.id}`);
    await page.getByRole('heading', { name: "men's video", exact: true }).waitFor();
    const men = page.getByRole('region', { name: "upload the men's video" });
    await men
      .locator('input[type="file"]')
      .setInputFiles({ name: 'atelier.mp4', mimeType: 'video/mp4', buffer: mp4() });
    await men.getByRole('progressbar').waitFor();
    await men.getByRole('button', { name: 'upload', exact: true }).click();
    const player = page.locator('video[aria-label="men\'s video"]');
    await player.waitFor();
    const video = (await getRaw(`TYPEVIDEO#${full.id}`, 'G1'))?.url as string;
    expect(video).toMatch(/^s3\/videos\/[\w-]+\.mp4$/);
    expect(await player.getAttribute('src')).toBe(`/media/${video.slice(3)}`);
    await screenshot(page, 'admin-types-video-phone');
    await expectAccessible(page);

    await page.goto(`/view-dimensions/${full.id}`);
    await page.getByRole('heading', { name: 'dimension pictures' }).waitFor();
    await page.getByText('no pictures yet.').waitFor();
    const dimensions = page.getByRole('region', { name: 'add dimension pictures' });
    await dimensions.locator('input[type="file"]').setInputFiles(await Promise.all([file(3), file(4)]));
    await dimensions.getByRole('button', { name: 'upload', exact: true }).click();
    // The pictures themselves, not the placeholders that hold their boxes until the server says how they are.
    await expect.poll(() => page.locator('.adm-types-pictures img:not([data-picture])').count()).toBe(2);
    const before = await page
      .locator('.adm-types-pictures img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    await page.getByRole('button', { name: 'move picture 2 earlier' }).click();
    await expect
      .poll(() =>
        page.locator('.adm-types-pictures img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
      )
      .toEqual([...before].reverse());
    await screenshot(page, 'admin-types-dimensions-phone');
    await expectAccessible(page);
  });
});
