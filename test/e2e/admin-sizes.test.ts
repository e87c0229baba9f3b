import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeEntity } from '#catalog/entities/size.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { png } from '../support/media.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/** The admin's size screens in Chromium (001 §2): list, edit, size guide, guide pictures. */

const browser = startBrowser();

const collection = typeEntity({ name: `Evening capes ${uniqueId('e2e')}`, gender: 0, areaAmount: 2 });
const usedSize: SizeEntity = {
  kind: 'size',
  id: uniqueId('s'),
  typeId: collection.id,
  name: 'S',
  gender: 0,
  index: 1,
  description: 'Bust 82–86 cm',
};
const product = productEntity(collection, { name: 'Cape in S', size: 'S', sizeId: usedSize.id });

beforeAll(async () => {
  await store({ type: collection, sizes: [usedSize], products: [product] });
});

/** Logs a fresh staff account in through /admin and lands on /admin-home. */
const logIn = (viewport?: { width: number; height: number }) =>
  openAsStaff(browser, { defaultTimeout: 10_000, ...(viewport ? { viewport } : {}) });

const sizeName = (name: string) => new RegExp(`^(size )?${name}$`);

/**
 * A size's row in the list, of this suite's collection (until the list of the chosen collection
 * has come, the page may still show another's); on phones a cell starts with its column's label.
 */
const sizeRow = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ hasText: collection.name })
    .filter({ has: page.getByRole('cell', { name: sizeName(name) }) });

const sizeCell = (page: Page, name: string) =>
  sizeRow(page, name).getByRole('cell', { name: sizeName(name) });

describe('sizes in the admin', () => {
  it('adds a size to a collection, a guide entry with an uploaded picture, and the shop shows it', async () => {
    const page = await logIn();
    await page.getByRole('link', { name: 'sizes', exact: true }).click();
    await page.waitForURL('**/view-sizes');
    await page.getByLabel('collection').selectOption(collection.id);
    await sizeCell(page, 'S').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-list-phone');

    await page.getByRole('link', { name: 'add a size' }).click();
    await page.waitForURL('**/edit-size?tid=*');
    expect(await page.getByLabel('collection').inputValue()).toBe(collection.id);
    // Empty name: the spec's message, and nothing sent.
    await page.getByRole('button', { name: 'add size' }).click();
    await page.getByRole('alert').filter({ hasText: 'please fill all the blanks' }).waitFor();
    await page.getByLabel('size name').fill('M');
    await page.getByLabel('for', { exact: true }).selectOption({ label: 'women' });
    await page.getByLabel('description (women)').fill('Bust 86–90 cm · waist 68–72 cm');
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-edit-phone');
    await page.getByRole('button', { name: 'add size' }).click();

    await page.waitForURL('**/view-size-guides?id=*');
    const sizeId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(await getRaw(`SIZE#${sizeId}`, '#SIZE')).toMatchObject({
      name: 'M',
      typeId: collection.id,
      index: 2,
    });
    await page.getByText('no guide entries yet').waitFor();

    await page.getByRole('link', { name: 'add a guide entry' }).click();
    await page.waitForURL('**/edit-size-guide?sid=*');
    await page.getByLabel('name', { exact: true }).fill('Bust');
    await page.getByLabel('from (cm)').fill('90');
    await page.getByLabel('to (cm)').fill('86');
    await page.getByRole('button', { name: 'add guide entry' }).click();
    await page.getByRole('alert').filter({ hasText: 'from must not be more than to (cm)' }).waitFor();
    await page.getByLabel('from (cm)').fill('86');
    await page.getByLabel('to (cm)').fill('90');
    await page.getByLabel('description', { exact: true }).fill('Around the fullest part, tape level.');
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-guide-edit-phone');
    await page.getByRole('button', { name: 'add guide entry' }).click();

    await page.waitForURL('**/view-size-guides?id=*');
    await page.getByText('86 – 90 cm · 33.9 – 35.4 in').waitFor();
    await page.getByRole('link', { name: 'add the picture of Bust' }).click();
    await page.waitForURL('**/add-size-guide-img?*type=imageUrl*');
    await page.getByText('no picture yet').waitFor();

    // Hold the file on its way to the bucket a moment, to see its progress bar at work.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/collection_images/**', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'choose the picture' }).setInputFiles({
      name: 'bust.png',
      mimeType: 'image/png',
      buffer: await png({ size: 24, colour: [176, 141, 87] }),
    });
    const bar = page.getByRole('progressbar', { name: 'upload of bust.png' });
    await bar.waitFor();
    await page.getByRole('img', { name: 'preview of bust.png' }).waitFor();
    await page.getByRole('button', { name: 'upload', exact: true }).click();
    await page.getByRole('button', { name: 'uploading...' }).waitFor();
    expect(await bar.isVisible()).toBe(true);
    await screenshot(page, 'admin-sizes-guide-img-uploading-phone');
    release();

    const picture = page.getByRole('img', { name: 'picture of Bust', exact: true });
    await picture.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img.adm-sizes-preview') as HTMLImageElement | null)?.naturalWidth === 24,
    );
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-guide-img-phone');
    const [guide] = (await itemsWithPrefix(`SIZE#${sizeId}`)).filter((i) => i.kind === 'sizeGuide');
    expect(guide).toMatchObject({
      name: 'Bust',
      fromCm: '86',
      toCm: '90',
      imageUrl: expect.stringMatching(/^s3\/collection_images\//),
    });

    await page.getByRole('link', { name: 'back to the size guide' }).click();
    await page.getByRole('img', { name: 'picture of Bust', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-guides-phone');

    const desktop = await logIn(DESKTOP);
    await desktop.goto(`/view-size-guides?id=${sizeId}`);
    await desktop.getByRole('img', { name: 'picture of Bust', exact: true }).waitFor();
    await screenshot(desktop, 'admin-sizes-guides-desktop');
    await desktop.goto(`/view-sizes?tid=${collection.id}`);
    await sizeCell(desktop, 'M').waitFor();
    await expectAccessible(desktop);
    await screenshot(desktop, 'admin-sizes-list-desktop');

    const shop = await browser.open(
      `/products/sizepicker?${new URLSearchParams({ type: collection.id, gender: '0', areaAmount: '2' })}`,
    );
    await shop.locator('.picking-sizes a').first().waitFor();
    expect(await shop.locator('.picking-sizes a .picking-size-name').allTextContents()).toEqual(['S', 'M']);
    await shop.getByText('Bust 86–90 cm · waist 68–72 cm').waitFor();
    await screenshot(shop, 'admin-sizes-storefront-sizepicker');
  }, 120_000);

  it('asks before deleting, and says why a size products use cannot go', async () => {
    const spare: SizeEntity = { ...usedSize, id: uniqueId('s'), name: 'XL', index: 9, description: 'spare' };
    await store({ type: collection, sizes: [usedSize, spare] });
    const page = await logIn();
    await page.goto(`/view-sizes?tid=${collection.id}`);
    const used = sizeRow(page, 'S');
    await used.getByRole('button', { name: 'delete' }).click();
    const dialog = used.getByRole('alertdialog');
    await dialog.getByText('Delete size S of').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-sizes-delete-confirm-phone');
    await dialog.getByRole('button', { name: 'yes, delete' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'size S cannot be deleted: 1 product(s) still use it ("Cape in S")' })
      .waitFor();
    await screenshot(page, 'admin-sizes-delete-refused-phone');
    expect(await getRaw(`SIZE#${usedSize.id}`, '#SIZE')).toBeDefined();
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = sizeRow(page, 'XL');
    await row.getByRole('button', { name: 'delete' }).click();
    await row.getByRole('alertdialog').getByRole('button', { name: 'cancel' }).click();
    expect(await getRaw(`SIZE#${spare.id}`, '#SIZE')).toBeDefined();
    await row.getByRole('button', { name: 'delete' }).click();
    await row.getByRole('alertdialog').getByRole('button', { name: 'yes, delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await getRaw(`SIZE#${spare.id}`, '#SIZE')).toBeUndefined();
  }, 60_000);
});
