import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS } from '#shared/media.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { DESKTOP, startBrowser } from './support/browser.ts';

/**
 * Issue 16: the shop's pictures as a phone fetches them. Every gallery picture offers its
 * responsive set (AVIF, WebP, JPEG, with `sizes`, width and height); the browser downloads the
 * variant the screen needs and never the camera-size original; the page's first picture is
 * asked for first, and the first screen's API reads are asked for once (early, then taken by
 * the app: web/src/boot/early.ts).
 */
const browser = startBrowser();

const PHONE_DPR3 = { width: 390, height: 844 };

function recordRequests(page: Page, into: string[]) {
  page.on('request', (request) => {
    const url = new URL(request.url());
    into.push(`${url.pathname}${url.search}`);
  });
}

async function loaded(img: Locator) {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(0);
  return img.evaluate((element: HTMLImageElement) => ({
    current: new URL(element.currentSrc).pathname,
    shownWidth: element.getBoundingClientRect().width,
  }));
}

/** The smallest variant at least as wide as the device pixels the picture covers. */
const neededVariant = (cssWidth: number, scale: number) =>
  PICTURE_WIDTHS.find((width) => width >= cssWidth * scale) ?? PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];

async function pictureMarkup(page: Page) {
  return page.locator('.catalog-gallery picture').evaluateAll((pictures) =>
    pictures.map((picture) => {
      const img = picture.querySelector('img');
      return {
        avif: picture.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '',
        webp: picture.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? '',
        jpeg: img?.getAttribute('srcset') ?? '',
        sizes: img?.getAttribute('sizes') ?? '',
        width: img?.getAttribute('width'),
        height: img?.getAttribute('height'),
      };
    }),
  );
}

function expectFullSets(pictures: Awaited<ReturnType<typeof pictureMarkup>>) {
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) {
    for (const [format, srcset] of [
      ['avif', picture.avif],
      ['webp', picture.webp],
      ['jpg', picture.jpeg],
    ] as const) {
      const widths = srcset.split(', ').map((candidate) => candidate.split(' ')[1]);
      expect(widths).toEqual(PICTURE_WIDTHS.map((w) => `${w}w`));
      expect(srcset).toMatch(new RegExp(`/320w\\.${format} 320w`));
    }
    expect(picture.sizes).toMatch(/calc\(100vw - 2rem\)/);
    expect([picture.width, picture.height]).toEqual(['500', '625']);
  }
}

describe('pictures on a phone (390 px, 3 device pixels per px)', () => {
  it('/women: full responsive sets, the variant the screen needs in AVIF, the first picture first, one read of the list', async () => {
    const requests: string[] = [];
    const page = await browser.open('/women/', {
      viewport: PHONE_DPR3,
      deviceScaleFactor: 3,
      beforeLoad: (p) => recordRequests(p, requests),
    });
    const first = await loaded(page.locator('.catalog-gallery img').first());
    expect(first.current).toMatch(new RegExp(`/${neededVariant(first.shownWidth, 3)}w\\.avif$`));
    expect(first.current).toContain('/t-aurora-front/');

    // The other pictures follow once the first has been drawn.
    await expect.poll(() => page.locator('.catalog-gallery-waiting').count()).toBe(0);
    expectFullSets(await pictureMarkup(page));

    const media = requests.filter((r) => r.startsWith('/media/'));
    expect(media[0]).toBe(first.current);
    for (const request of media) expect(request).toMatch(/\/\d+w\.avif$/);
    expect(requests.filter((r) => r.startsWith('/api/getTypeByGender'))).toEqual([
      '/api/getTypeByGender?gender=0',
    ]);
    const preload = page.locator('link[rel="preload"][as="image"]');
    expect(await preload.getAttribute('imagesrcset')).toContain('/t-aurora-front/320w.avif 320w');
  });

  it('a product page: its reads asked once each, its first picture in AVIF at the width the phone needs', async () => {
    const requests: string[] = [];
    const search = new URLSearchParams({
      productId: DEMO.availableProduct,
      type: DEMO.womenSized,
      gender: '0',
      areaAmount: '2',
      size: 'M',
    });
    const page = await browser.open(`/products/productdetails?${search}`, {
      viewport: PHONE_DPR3,
      deviceScaleFactor: 3,
      beforeLoad: (p) => recordRequests(p, requests),
    });
    const first = await loaded(page.locator('.catalog-gallery img').first());
    expect(first.current).toMatch(new RegExp(`/${neededVariant(first.shownWidth, 3)}w\\.avif$`));
    await expect.poll(() => page.locator('.catalog-gallery-waiting').count()).toBe(0);
    expectFullSets(await pictureMarkup(page));
    const reads = requests.filter((r) => r.startsWith('/api/'));
    for (const read of [
      `/api/products/${DEMO.availableProduct}`,
      `/api/get-imgs-by-pid?id=${DEMO.availableProduct}&type=1`,
      `/api/type?id=${DEMO.womenSized}`,
    ]) {
      expect(reads.filter((r) => r === read)).toHaveLength(1);
    }
    for (const request of requests.filter((r) => r.startsWith('/media/'))) {
      expect(request).toMatch(/\/\d+w\.avif$/);
    }
  });

  it('a desktop at 1 device pixel per px downloads the variant of its three-column grid', async () => {
    const page = await browser.open('/women/', { viewport: DESKTOP });
    const first = await loaded(page.locator('.catalog-gallery img').first());
    expect(first.shownWidth).toBeLessThanOrEqual(380);
    expect(first.current).toMatch(new RegExp(`/${neededVariant(first.shownWidth, 1)}w\\.avif$`));
  });
});
