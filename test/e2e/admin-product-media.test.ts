import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mediaSrc, mediaSrcSet, PICTURE_FORMATS } from '#shared/media.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * A piece's main-picture page (/ad-product-image) and its videos page (/advideo/{id}) in a
 * browser (001 §2), reached from the piece's admin page, on the demo piece (read, not changed).
 */
const browser = startBrowser();
const ID = DEMO.availableProduct;

async function shopReads<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Every file of a stored picture's responsive set, as the page may load it. */
function setFiles(url: string): string[] {
  return PICTURE_FORMATS.flatMap((format) =>
    (mediaSrcSet(url, format) ?? mediaSrc(url)).split(', ').map((entry) => entry.split(' ')[0] as string),
  );
}

async function loaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (s) =>
      [...document.querySelectorAll<HTMLImageElement>(s)].every(
        (img) => img.complete && img.naturalWidth > 0 && img.dataset.picture === undefined,
      ),
    selector,
  );
}

describe('the admin pages of a piece’s media', () => {
  it('/ad-product-image shows the piece’s main picture: the one its shop page opens on', async () => {
    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      defaultTimeout: 10_000,
      path: `/viewdetails/${ID}`,
    });
    const { imgs } = await shopReads<{ imgs: { url: string }[] }>(
      page,
      `/api/get-imgs-by-pid?id=${ID}&type=1`,
    );
    expect(imgs.length).toBeGreaterThan(1);
    await page.getByRole('link', { name: /^main image of / }).click();
    await page.waitForURL(`**/ad-product-image?id=${ID}`);
    await page.getByRole('heading', { name: /^main picture of /, level: 1 }).waitFor();
    const main = page.locator('img.adm-products-main');
    await main.waitFor();
    await loaded(page, 'img.adm-products-main');
    const shown = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(setFiles(imgs[0]?.url as string)).toContain(shown);
    // Each other picture, in the shop's order, may become the main one.
    const others = page.getByRole('button', { name: /^make picture \d+ the main one$/ });
    expect(await others.count()).toBe(imgs.length - 1);
    expect(await others.first().textContent()).toBe('make picture 2 the main one');
    await page.getByRole('button', { name: 'remove the main picture' }).waitFor();
    await loaded(page, '.adm-products-pictures img');
    await expectAccessible(page);
    await screenshot(page, 'admin-product-image-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-product-image-phone');
  });

  it('/advideo/{id} lists the piece’s films, each playable, with delete and upload', async () => {
    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      defaultTimeout: 10_000,
      path: `/viewdetails/${ID}`,
    });
    const { vids } = await shopReads<{ vids: { url: string }[] }>(page, `/api/get-vid-by-pid?id=${ID}`);
    expect(vids.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: /^videos of / }).click();
    await page.waitForURL(`**/advideo/${ID}`);
    await page.getByRole('heading', { name: /^videos of /, level: 1 }).waitFor();
    const videos = page.locator('.adm-products-videos video');
    await expect.poll(() => videos.count()).toBe(vids.length);
    const first = videos.first();
    expect(new URL((await first.getAttribute('src')) as string, page.url()).pathname).toBe(
      mediaSrc(vids[0]?.url as string),
    );
    await first.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => first.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    await first.evaluate((v: HTMLVideoElement) => v.pause());
    await page.getByRole('button', { name: 'delete video 1' }).waitFor();
    expect(await page.locator('input[type=file]').count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'admin-product-videos-desktop');
  });
});
