import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEASURE_FILM } from '#shared/films.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { waitForDemoPictures } from '../support/jobs.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

/**
 * Every picture and film a page names reaches the shopper (issue 34): a piece without a size
 * opens its dimension drawings (image type 3) from "product dimensions"; the collection's
 * detail (types 4, 5) and gallery (type 6) pictures sit under its landing and its pieces; "How
 * to measure" plays the film staff put in its slot, and shows no player while there is none.
 */
const browser = startBrowser();

beforeAll(() => waitForDemoPictures(), 600_000);

const q = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();

/**
 * A gallery's pictures: `count` slides, its first drawn from /media (not a placeholder), the
 * others' stored addresses (they load lazily, as they are swiped to).
 */
async function drawnPictures(gallery: Locator, count: number): Promise<string[]> {
  await gallery.scrollIntoViewIfNeeded();
  const images = gallery.locator('img');
  await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(count);
  await expect
    .poll(
      () =>
        images
          .first()
          .evaluate(
            (img: HTMLImageElement) =>
              img.dataset.picture === undefined && img.complete && img.naturalWidth > 0,
          ),
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(await images.first().evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
    /^\/media\//,
  );
  return images.evaluateAll((all) => (all as HTMLImageElement[]).map((img) => img.getAttribute('src') ?? ''));
}

/** Presses play on the page's film and waits for its time to advance. */
async function plays(page: Page): Promise<string> {
  const video = page.locator('video.film-video');
  await video.waitFor();
  const src = await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.currentSrc || v.querySelector('source')?.getAttribute('src') || '';
  });
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  return new URL(src, 'http://shop').pathname;
}

describe('dimension drawings', () => {
  const clutch = 'p-celeste-01';
  const piece = `/products/productdetails?${q({ productId: clutch, type: DEMO.womenUnsized, areaAmount: 1, gender: 0, singleProduct: 'false' })}`;

  it('a piece without a size opens its drawings from "product dimensions", not the "dimension details" text', async () => {
    const page = await browser.open(piece);
    const link = page.getByRole('link', { name: 'product dimensions' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/products/productdimensions?type=${DEMO.womenUnsized}`);
    expect(await page.getByRole('link', { name: 'dimension details' }).getAttribute('href')).toBe(
      `/products/material?tid=${DEMO.womenUnsized}&title=dimensionDetails`,
    );
    await link.click();
    await page.waitForURL('**/products/productdimensions?**');
    const drawings = page.getByRole('region', { name: /dimension drawings/ });
    const shown = await drawnPictures(drawings, 2);
    expect(shown).toEqual([
      '/media/collection_images/dimensions/t-celeste-1.jpg',
      '/media/collection_images/dimensions/t-celeste-2.jpg',
    ]);
    await expectAccessible(page);
    await screenshot(page, 'media-dimension-drawings-phone');
    const desk = await browser.open(`/products/productdimensions?type=${DEMO.womenUnsized}`, {
      viewport: DESKTOP,
    });
    await drawnPictures(desk.getByRole('region', { name: /dimension drawings/ }), 2);
    await screenshot(desk, 'media-dimension-drawings-desktop');
  });

  it('the collection\'s "product dimensions" text links its drawings', async () => {
    const page = await browser.open(
      `/products/material?${q({ tid: DEMO.womenUnsized, title: 'dimensionBefore' })}`,
    );
    const link = page.getByRole('link', { name: 'see the dimension drawings' });
    await link.click();
    await page.waitForURL(`**/products/productdimensions?type=${DEMO.womenUnsized}`);
    await drawnPictures(page.getByRole('region', { name: /dimension drawings/ }), 2);
    // A collection without drawings offers no link to an empty page.
    const none = await browser.open(
      `/products/material?${q({ tid: DEMO.womenSized, title: 'dimensionBefore' })}`,
    );
    await none.getByRole('heading', { name: 'Product Dimensions' }).waitFor();
    await none.waitForLoadState('networkidle');
    expect(await none.getByRole('link', { name: 'see the dimension drawings' }).count()).toBe(0);
  });
});

describe('detail and gallery pictures', () => {
  it("the gown's landing shows the women's details and the gallery; the oxfords' the men's details", async () => {
    const page = await browser.open(
      `/products/productrelated?${q({ type: DEMO.typeWithWomenDetails, gender: 0, areaAmount: 2 })}`,
    );
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    const details = page.getByRole('region', { name: 'the details', exact: true });
    const gallery = page.getByRole('region', { name: 'gallery', exact: true });
    const detailSrcs = await drawnPictures(details, 2);
    expect(detailSrcs).toEqual([
      '/media/collection_images/pieces/t-aurora-detail.jpg',
      '/media/collection_images/pieces/t-aurora-front.jpg',
    ]);
    await drawnPictures(gallery, 3);
    await expectAccessible(page);
    await screenshot(page, 'media-collection-details-gallery-phone');
    const desk = await browser.open(
      `/products/productrelated?${q({ type: DEMO.typeWithWomenDetails, gender: 0, areaAmount: 2 })}`,
      { viewport: DESKTOP },
    );
    await drawnPictures(desk.getByRole('region', { name: 'the details', exact: true }), 2);
    await drawnPictures(desk.getByRole('region', { name: 'gallery', exact: true }), 3);
    await screenshot(desk, 'media-collection-details-gallery-desktop');

    const men = await browser.open(
      `/products/productrelated?${q({ type: DEMO.typeWithMenDetails, gender: 1, areaAmount: 2 })}`,
    );
    await men.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    await drawnPictures(men.getByRole('region', { name: 'the details', exact: true }), 2);
    expect(await men.getByRole('region', { name: 'gallery', exact: true }).count()).toBe(0);
    // The men's details are not the women's: a women's shopper of the oxfords sees none.
    const clutch = await browser.open(
      `/products/productrelated?${q({ type: DEMO.womenUnsized, gender: 0, areaAmount: 1 })}`,
    );
    await clutch.getByRole('link', { name: 'Shop Products - pick colors' }).waitFor();
    await clutch.waitForLoadState('networkidle');
    expect(await clutch.locator('.catalog-collection-pictures').count()).toBe(0);
  });

  it('a piece of the gown shows its collection details and gallery under its own pictures', async () => {
    const page = await browser.open(
      `/products/productdetails?${q({ productId: DEMO.availableProduct, type: DEMO.womenSized, areaAmount: 2, gender: 0, size: 'M', singleProduct: 'false' })}`,
    );
    await page.getByRole('link', { name: 'Purchase' }).waitFor();
    await drawnPictures(page.getByRole('region', { name: 'the details', exact: true }), 2);
    await drawnPictures(page.getByRole('region', { name: 'gallery', exact: true }), 3);
    await screenshot(page, 'media-piece-details-gallery-phone');
  });
});

describe('"How to measure"', () => {
  it('a piece leads to the measuring film staff set, which plays from /media', async () => {
    const page = await browser.open(
      `/products/productdetails?${q({ productId: DEMO.availableProduct, type: DEMO.womenSized, areaAmount: 2, gender: 0, size: 'M', singleProduct: 'false' })}`,
    );
    await page.getByRole('link', { name: 'Find your size' }).click();
    await page.waitForURL('**/products/productsizeguide?**');
    await page.getByRole('link', { name: 'How to measure' }).click();
    await page.waitForURL('**/products/measure');
    expect(await plays(page)).toBe('/media/videos/measure.mp4');
    expect(await page.locator('video.film-video').getAttribute('poster')).toMatch(
      /^\/media\/collection_images\//,
    );
    await expectAccessible(page);
    await screenshot(page, 'media-measure-film-phone');
  });

  it('with the slot empty the page shows its written steps and no player, nothing broken', async () => {
    const page = await browser.open('/home');
    await page.route('**/api/films', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { films: { slot: string }[] };
      await route.fulfill({
        response: answer,
        json: { ...body, films: body.films.filter((f) => f.slot !== MEASURE_FILM) },
      });
    });
    await page.goto('/products/measure');
    await page.getByRole('heading', { name: 'How to measure' }).waitFor();
    await page.getByText(/Measure over light underwear/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.getByText('this film is coming soon').count()).toBe(0);
    await screenshot(page, 'media-measure-empty-phone');
  });
});
