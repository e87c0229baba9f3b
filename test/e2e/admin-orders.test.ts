import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { orderKeys } from '#checkout/entities/order.ts';
import { ORDER_DELETE_REFUSALS } from '#checkout/rules/delete-rules.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * The admin's orders and members in the browser (001 §2): the list with a real purchase, one
 * order with every field, deleting a failed order after confirming, and the members list with
 * its delete and CSV export.
 */
const browser = startBrowser();
const VANCOUVER_TIME = /^\d{4}-\d{2}-\d{2},? \d{2}:\d{2}:\d{2} P[SD]T$/;

const type = typeEntity({ name: 'Admin Orders Atelier', shippingPrices: { CA: 40, US: 45 } });
const cardNumber = `74${Date.now().toString().slice(-9)}00001`;
const sold = productEntity(type, {
  name: 'Browser Sale Gown',
  cardNumber,
  priceUs: 1200,
  size: 'S',
  colors: ['noir', 'or'],
});
const leftover = productEntity(type, {
  name: 'Browser Failed Piece',
  cardNumber: `74${Date.now().toString().slice(-9)}00002`,
});
const buyerEmail = `${uniqueId('buyer')}@example.com`;
const tag = uniqueId('e2e');
const members = [`plain-${tag}@example.com`, `=1+1-${tag}@example.com`, `-cmd-${tag}@example.com`];
const leaving = `leaving-${tag}@example.com`;
let soldCode = '';
let failed: OrderEntity;

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [sold, leftover] });
  await buyWithCard(sold, buyerEmail);
  const order = (await itemsWithPrefix('ORDER#')).find((o) => o.productId === sold.id);
  soldCode = String(order?.checkoutCode);
  const now = Date.now();
  failed = {
    kind: 'order',
    checkoutCode: randomUUID(),
    productId: leftover.id,
    typeId: type.id,
    productName: leftover.name,
    typeName: type.name,
    gender: 0,
    colors: leftover.colors,
    contact: {
      name: 'Declined Card',
      phone: '+1 604 555 0142',
      email: `${uniqueId('declined')}@example.com`,
      address: '5 Quay',
      address1: '5 Quay',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    hasBilling: false,
    paymentType: 2,
    currency: 'USD',
    productPrice: 4200,
    discountAmount: 0,
    productPriceAfterDiscount: 4200,
    shippingFee: 40,
    tax: 504,
    duty: 0,
    finalPrice: 4744,
    status: 'failed',
    holdId: randomUUID(),
    holdUntil: now - 60_000,
    checkoutTime: new Date(now - 30 * 60_000).toISOString(),
  };
  await putItems([{ ...orderKeys(failed), ...failed }]);
  for (const email of [...members, leaving]) {
    await api('/member', { method: 'POST', json: { email }, from: freshClientAddress() });
  }
}, 120_000);

/** A new staff account logged in through /admin, then on `path`. */
const adminPage = (path: string, options: OpenOptions = {}) => openAsStaff(browser, { path, ...options });

/** The list row holding `text`, turning pages if others' rows came first. */
async function rowWith(page: Page, text: string): Promise<Locator> {
  for (let turns = 0; turns < 20; turns++) {
    await page.getByRole('navigation', { name: 'pages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: text });
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('button', { name: 'next' });
    if (await next.isDisabled()) break;
    const label = await page.getByRole('navigation', { name: 'pages' }).textContent();
    await next.click();
    await expect.poll(() => page.getByRole('navigation', { name: 'pages' }).textContent()).not.toBe(label);
  }
  throw new Error(`no row with ${text}`);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

/** The value shown beside a label on the order view, in a section. */
async function fact(page: Page, section: string, label: string): Promise<string> {
  const region = page.getByRole('region', { name: section });
  const term = region.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

describe('/orders', () => {
  it('lists the purchase: date in Vancouver, piece, buyer, total, status, payment type', async () => {
    const page = await adminPage('/orders', { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'orders', level: 1 }).waitFor();
    const row = await rowWith(page, 'Browser Sale Gown');
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toMatch(VANCOUVER_TIME);
    expect(cells[1]).toBe(`Browser Sale Gown${type.name}`);
    expect(cells[2]).toBe(`Ada Buyer${buyerEmail}`);
    expect(cells[3]).toMatch(/^\d+(\.\d\d)? USD$/);
    expect(cells[4]).toBe('paid');
    // Paid today, waiting to ship: 0 business days.
    expect(cells[5]).toBe('0');
    expect(cells[6]).toBe('card');
    const failedRow = await rowWith(page, 'Browser Failed Piece');
    expect((await failedRow.getByRole('cell').allTextContents()).slice(4, 7)).toEqual([
      'failed',
      '—',
      'PayPal',
    ]);
    await expectAccessible(page);
    await shot(page, 'admin-orders-list-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-orders-list-phone');
  });

  it('opens /view-order/{id} with every field, and keeps a paid order from deletion', async () => {
    const page = await adminPage('/orders');
    const row = await rowWith(page, 'Browser Sale Gown');
    await row.getByRole('link', { name: /view the order of Browser Sale Gown/ }).click();
    await page.waitForURL(`**/view-order/${soldCode}`);
    await page.getByRole('region', { name: 'piece' }).waitFor();
    expect(await fact(page, 'order', 'status')).toBe('paid');
    expect(await fact(page, 'order', 'payment type')).toBe('card');
    expect(await fact(page, 'order', 'currency')).toBe('USD');
    expect(await fact(page, 'order', 'checkout time \\(Vancouver\\)')).toMatch(VANCOUVER_TIME);
    expect(await fact(page, 'order', 'checkout code')).toBe(soldCode);
    expect(await fact(page, 'piece', 'product')).toBe('Browser Sale Gown');
    expect(await fact(page, 'piece', 'collection')).toBe(type.name);
    expect(await fact(page, 'piece', 'card number')).toBe(cardNumber.replace(/(.{4})(?=.)/g, '$1 '));
    expect(await fact(page, 'piece', 'size')).toBe('S');
    expect(await fact(page, 'piece', 'colours')).toBe('noir, or');
    expect(await fact(page, 'amounts', 'product price')).toBe('1200 USD');
    expect(await fact(page, 'amounts', 'shipping')).toBe('40 USD');
    expect(await fact(page, 'amounts', 'tax')).toMatch(/USD$/);
    expect(await fact(page, 'amounts', 'duty')).toBe('0 USD');
    expect(await fact(page, 'shipping', 'full name')).toBe('Ada Buyer');
    expect(await fact(page, 'shipping', 'e-mail')).toBe(buyerEmail);
    expect(await fact(page, 'shipping', 'province or state')).toBe('ON');
    expect(await fact(page, 'shipping', 'country')).toBe('Canada');
    expect(await page.getByRole('region', { name: 'billing' }).textContent()).toContain('same as shipping.');
    expect(await page.getByRole('button', { name: 'delete order' }).count()).toBe(0);
    expect(await page.getByText(ORDER_DELETE_REFUSALS.moneyMoved).count()).toBe(1);
    await expectAccessible(page);
    await shot(page, 'admin-orders-view-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-orders-view-desktop');
  });

  it('deletes a failed order only after confirming, and it leaves the list', async () => {
    const page = await adminPage(`/view-order/${failed.checkoutCode}`);
    await page.getByRole('region', { name: 'amounts' }).waitFor();
    expect(await fact(page, 'order', 'status')).toBe('failed');
    expect(await fact(page, 'order', 'payment type')).toBe('PayPal');
    await page.getByRole('button', { name: 'delete order' }).click();
    const dialog = page.getByRole('alertdialog');
    await expectAccessible(page);
    await shot(page, 'admin-orders-delete-confirm-phone');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    expect(await getRaw(`ORDER#${failed.checkoutCode}`, '#ORDER')).not.toHaveProperty('deletedAt');

    await page.getByRole('button', { name: 'delete order' }).click();
    await dialog.getByRole('button', { name: 'yes, delete order' }).click();
    await page.waitForURL('**/orders');
    await page.getByRole('navigation', { name: 'pages' }).waitFor();
    expect(await getRaw(`ORDER#${failed.checkoutCode}`, '#ORDER')).toMatchObject({ status: 'failed' });
    expect(await getRaw(`ORDER#${failed.checkoutCode}`, '#ORDER')).toHaveProperty('deletedAt');
    await expect(rowWith(page, 'Browser Failed Piece')).rejects.toThrow(/no row/);
  });
});

describe('/view-members', () => {
  it('lists members, deletes one after confirming, and exports the CSV with formulas neutralised', async () => {
    const page = await adminPage('/view-members');
    await page.getByRole('heading', { name: 'members', level: 1 }).waitFor();
    const row = await rowWith(page, leaving);
    const cellsOfRow = await row.getByRole('cell').allTextContents();
    expect(cellsOfRow[1]).toMatch(/^(pending|confirmed|unsubscribed)/);
    expect(cellsOfRow[2]).toMatch(VANCOUVER_TIME);
    await expectAccessible(page);
    await shot(page, 'admin-members-list-phone');
    await row.getByRole('button', { name: 'delete' }).click();
    await page.getByRole('alertdialog').getByText(`remove ${leaving} from the members?`).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'yes, delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await getRaw(`MEMBER#${leaving}`, '#MEMBER')).toBeUndefined();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"email","status","signed up (Vancouver time)","signed up (UTC)","consent page","consent address"',
    );
    const cells = (prefix: string) => lines.find((l) => l.includes(`${prefix}${tag}@`))?.split('","');
    expect(cells('plain-')?.[0]).toBe(`"${members[0]}`);
    expect(cells('=1+1-')?.[0]).toBe(`"'${members[1]}`);
    expect(cells('-cmd-')?.[0]).toBe(`"'${members[2]}`);
    expect(cells('plain-')?.[1]).toMatch(/^(pending|confirmed|unsubscribed)$/);
    expect(cells('plain-')?.[2]).toMatch(VANCOUVER_TIME);
    expect(csv).not.toContain(leaving);
    const desktop = await adminPage('/view-members', { viewport: DESKTOP });
    await desktop.getByRole('heading', { name: 'members', level: 1 }).waitFor();
    await desktop.getByRole('table').waitFor();
    await shot(desktop, 'admin-members-list-desktop');
  });
});
