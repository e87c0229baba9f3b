import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { storePaidOrder } from '../support/orders.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * Fulfilment in the browser (issue 17): the ship form on /view-order (carrier, tracking number,
 * the link for "other"), its correction and "mark as delivered"; on /orders the filter, the
 * business-day age of paid orders waiting to ship and the overdue highlight.
 */
const browser = startBrowser();
const DAY = 24 * 60 * 60 * 1000;
const VANCOUVER_TIME = /\d{4}-\d{2}-\d{2},? \d{2}:\d{2}:\d{2} P[SD]T/;

const type = typeEntity({ name: 'Fulfilment Browser Atelier' });
const stamp = Date.now().toString().slice(-9);
const overduePiece = productEntity(type, { name: 'Long Wait Stole', cardNumber: `75${stamp}00001` });
const freshPiece = productEntity(type, { name: 'Ready To Ship Cloak', cardNumber: `75${stamp}00002` });
let fresh: OrderEntity;

const paidOrder = (product: ProductEntity, paidAt: number) => storePaidOrder(product, paidAt, 'ship-e2e');

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [overduePiece, freshPiece] });
  // 20 calendar days ago is at least 12 business days, whatever the holidays: overdue.
  await paidOrder(overduePiece, Date.now() - 20 * DAY);
  fresh = await paidOrder(freshPiece, Date.now() - 60_000);
}, 120_000);

const adminPage = (path: string, viewport = DESKTOP) => openAsStaff(browser, { path, viewport });

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

/** The value beside a label in the fulfilment section. */
async function fact(page: Page, label: string): Promise<string> {
  const region = page.getByRole('region', { name: 'fulfilment' });
  const term = region.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

describe('/orders: waiting orders, their age and the overdue ones', () => {
  it('filters paid orders waiting to ship and highlights the overdue one', async () => {
    const page = await adminPage('/orders');
    await page.getByRole('heading', { name: 'orders', level: 1 }).waitFor();
    await page.getByLabel('show').selectOption('waiting');
    await page.waitForURL('**/orders?filter=waiting');
    // Newest first, 10 a page; the test's two orders are among the newest checkouts… or not:
    // other files' orders may come first, so look page by page.
    const late = page.getByRole('row').filter({ hasText: 'Long Wait Stole' });
    const ready = page.getByRole('row').filter({ hasText: 'Ready To Ship Cloak' });
    for (let turns = 0; turns < 20 && (await late.count()) === 0; turns++) {
      await page.getByRole('navigation', { name: 'pages' }).waitFor();
      if ((await late.count()) > 0) break;
      const next = page.getByRole('button', { name: 'next' });
      if (await next.isDisabled()) break;
      await next.click();
    }
    await late.waitFor();
    const lateCells = await late.getByRole('cell').allTextContents();
    expect(lateCells[4]).toBe('paid');
    expect(lateCells[5]).toMatch(/^\d+overdue$/);
    expect(Number.parseInt(lateCells[5] ?? '', 10)).toBeGreaterThan(7);
    expect(await late.getAttribute('class')).toContain('adm-orders-overdue-row');
    const badge = late.getByText('overdue', { exact: true });
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(142, 31, 42)');

    // Refunded shows neither.
    await page.getByLabel('show').selectOption('refunded');
    await page.waitForURL('**/orders?filter=refunded');
    await page.getByRole('navigation', { name: 'pages' }).waitFor();
    expect(await late.count()).toBe(0);

    // The check the daily job runs, from the button.
    await page.getByLabel('show').selectOption('waiting');
    await page.getByRole('button', { name: 'check overdue orders now' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'overdue' }).textContent())
      .toMatch(/\d+ paid orders? waits? to ship; \d+ (is|are) overdue/);
    await expectAccessible(page);
    await shot(page, 'admin-orders-waiting-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-orders-waiting-phone');
    // (the fresh order, 0 business days, is not highlighted wherever it is listed)
    if ((await ready.count()) > 0) expect((await ready.getAttribute('class')) ?? '').not.toContain('overdue');
  });
});

describe('/view-order/{id}: ship, correct, deliver', () => {
  it('marks a paid order shipped with its tracking, mails the link, corrects it and marks it delivered', async () => {
    const page = await adminPage(`/view-order/${fresh.checkoutCode}`, PHONE);
    const region = page.getByRole('region', { name: 'fulfilment' });
    await region.waitFor();
    await expect.poll(() => region.textContent()).toContain('waiting 0 business days since payment.');

    // "other" asks for the carrier's link; the form is then the carrier's own.
    await region.getByLabel('carrier').selectOption('other');
    await region.getByLabel('tracking link').waitFor();
    await region.getByLabel('carrier').selectOption('ups');
    expect(await region.getByLabel('tracking link').count()).toBe(0);
    // The server's own refusal, shown as is.
    await region.getByLabel('tracking number').fill('12');
    await region.getByRole('button', { name: 'mark as shipped' }).click();
    await region.getByRole('alert').filter({ hasText: 'tracking number must be 6 to 40' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'admin-order-ship-form-phone');

    await region.getByLabel('tracking number').fill('1Z 999 AA1 0123456784');
    await region.getByRole('button', { name: 'mark as shipped' }).click();
    await region.getByRole('status').filter({ hasText: 'the delivery e-mail was sent' }).waitFor();
    const link = 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784';
    expect(await fact(page, 'carrier')).toBe('UPS');
    expect(await fact(page, 'tracking number')).toBe('1Z999AA10123456784');
    expect(await region.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(await fact(page, 'shipped \\(Vancouver\\)')).toMatch(VANCOUVER_TIME);
    expect(await fact(page, 'delivery e-mail \\(Vancouver\\)')).toMatch(VANCOUVER_TIME);
    expect(await page.getByRole('region', { name: 'order' }).locator('dd').first().textContent()).toBe(
      'shipped',
    );
    const mails = (await mailTo(fresh.contact.email)).filter((m) => m.subject.endsWith('is on its way'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toContain(link);

    // A correction: another carrier, the "other" link typed by staff.
    await region.getByRole('button', { name: 'correct the shipment' }).click();
    await region.getByLabel('carrier').selectOption('other');
    await region.getByLabel('tracking number').fill('AB123456');
    await region.getByLabel('tracking link').fill('https://track.example.com/p?n=AB123456');
    await region.getByRole('button', { name: 'save the correction' }).click();
    await region.getByRole('status').filter({ hasText: 'the shipment was corrected.' }).waitFor();
    expect(await fact(page, 'carrier')).toBe('other');
    expect(await fact(page, 'corrected \\(Vancouver\\)')).toMatch(VANCOUVER_TIME);
    expect(await getRaw(`ORDER#${fresh.checkoutCode}`, '#ORDER')).toMatchObject({
      shipment: { carrier: 'other', trackingUrl: 'https://track.example.com/p?n=AB123456' },
    });

    await region.getByRole('button', { name: 'mark as delivered' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'yes, mark as delivered' }).click();
    await region.getByRole('status').filter({ hasText: 'marked as delivered.' }).waitFor();
    await expect.poll(() => fact(page, 'delivered \\(Vancouver\\)')).toMatch(VANCOUVER_TIME);
    expect(await region.getByRole('button', { name: 'mark as delivered' }).count()).toBe(0);
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-order-shipped-desktop');
    // Still one delivery e-mail.
    expect(
      (await mailTo(fresh.contact.email)).filter((m) => m.subject.endsWith('is on its way')),
    ).toHaveLength(1);
  });
});
