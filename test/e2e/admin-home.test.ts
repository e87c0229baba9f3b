import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { listOrders, type OrderEntity } from '#checkout/entities/order.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { newCheckoutKey, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { storePaidOrder } from '../support/orders.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * The admin home says what waits to ship and what is overdue (issue 34): the counts of the
 * orders list's "waiting" and "overdue" filters (7 business days, Vancouver calendar), each
 * linking its list, and the longest-waiting overdue orders linking their pages.
 */
const browser = startBrowser();
const DAY = 24 * 60 * 60 * 1000;

const type = typeEntity({ name: 'Home Count Atelier' });
const stamp = Date.now().toString().slice(-9);
const latePiece = productEntity(type, { name: 'Forgotten Opera Coat', cardNumber: `76${stamp}00001` });
const readyPiece = productEntity(type, { name: 'Just Sold Shawl', cardNumber: `76${stamp}00002` });
const forSale = productEntity(type, {
  name: 'Midnight Sale Cape',
  cardNumber: `76${stamp}00003`,
  priceUs: 2400,
});
let late: OrderEntity;

const paidOrder = (product: ProductEntity, paidAt: number) => storePaidOrder(product, paidAt, 'home-e2e');

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [latePiece, readyPiece, forSale] });
  // 90 calendar days: the longest wait of any test's order, so the home names it.
  late = await paidOrder(latePiece, Date.now() - 90 * DAY);
  await paidOrder(readyPiece, Date.now() - 60_000);
}, 120_000);

/** The two counts the home shows, as numbers. */
async function shownCounts(page: Page): Promise<{ waiting: number; overdue: number }> {
  const region = page.getByRole('region', { name: 'to ship' });
  const waiting = await region.getByRole('link', { name: /wait(s)? to ship$/ }).textContent();
  const overdue = await region.getByRole('link', { name: /overdue/ }).textContent();
  return { waiting: Number.parseInt(waiting ?? '', 10), overdue: Number.parseInt(overdue ?? '', 10) };
}

/** The same counts from the table, by the list's filters (other files may add orders meanwhile). */
async function tableCounts(): Promise<{ waiting: number; overdue: number }> {
  const [waiting, overdue] = await Promise.all([listOrders(0, 1, 'waiting'), listOrders(0, 1, 'overdue')]);
  return { waiting: waiting.total, overdue: overdue.total };
}

describe('/admin-home: what waits to ship', () => {
  it('counts the paid orders waiting to ship and the overdue ones, each linking its list, the late ones their pages', async () => {
    const page = await openAsStaff(browser, { viewport: DESKTOP });
    const region = page.getByRole('region', { name: 'to ship' });
    await region.getByRole('link', { name: /overdue/ }).waitFor();
    let shown = await shownCounts(page);
    let table = await tableCounts();
    for (let tries = 0; tries < 3 && JSON.stringify(shown) !== JSON.stringify(table); tries++) {
      await page.reload();
      await region.getByRole('link', { name: /overdue/ }).waitFor();
      shown = await shownCounts(page);
      table = await tableCounts();
    }
    expect(shown).toEqual(table);
    // This file's two paid orders both wait; only the 90-day one is overdue.
    expect(shown.waiting).toBeGreaterThanOrEqual(2);
    expect(shown.overdue).toBeGreaterThanOrEqual(1);
    expect(shown.waiting).toBeGreaterThan(shown.overdue);
    const lateLink = region.getByRole('link', { name: /^Forgotten Opera Coat, .*: \d+ business days$/ });
    expect(await lateLink.count()).toBe(1);
    expect(await region.getByRole('link', { name: /Just Sold Shawl/ }).count()).toBe(0);
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await screenshot(page, 'admin-home-to-ship');

    // The late order's link opens its page.
    await lateLink.click();
    await page.waitForURL(`**/view-order/${late.checkoutCode}`);
    await page.getByText('Forgotten Opera Coat').first().waitFor();

    // The overdue count opens the list filtered to the overdue orders: the late piece, not the fresh one.
    await page.goto('/admin-home');
    await region.getByRole('link', { name: /overdue/ }).click();
    await page.waitForURL('**/orders?filter=overdue');
    expect(await page.getByLabel('show').inputValue()).toBe('overdue');
    await page.getByRole('navigation', { name: 'pages' }).waitFor();
    const rows = page.getByRole('row');
    for (const row of await rows.all()) {
      const cells = await row.getByRole('cell').allTextContents();
      if (cells.length > 0) expect(cells[5]).toMatch(/^\d+overdue$/);
    }

    // The waiting count opens the list of orders waiting to ship.
    await page.goto('/admin-home');
    await region.getByRole('link', { name: /wait(s)? to ship$/ }).click();
    await page.waitForURL('**/orders?filter=waiting');
  });
});

describe('a sale, told to staff', () => {
  it('mails the orders address with the piece, the amount and the link that opens the order for staff', async () => {
    const buyer = `${uniqueId('sale-e2e')}@example.com`;
    const code = await payWithTestCard(checkoutBody(forSale, newCheckoutKey(), { email: buyer }));
    const notice = async () =>
      (await mailTo(LOCAL_SHOP_SETTINGS.ordersEmail)).find((m) => m.body.text?.includes(`(order ${code})`));
    await until(async () => (await notice()) !== undefined, 'the sale notice');
    const mail = await notice();
    expect(mail?.subject).toMatch(/^Sold: Midnight Sale Cape, [\d,.]+ USD$/);
    const link = /^(http\S+\/view-order\/\S+)$/m.exec(mail?.body.text ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`/view-order/${code}$`));

    // The mail as staff read it (the SES stand-in keeps its text).
    const page = await openAsStaff(browser, { viewport: DESKTOP });
    await page.setContent(
      `<main style="font: 15px/1.5 system-ui; padding: 24px; max-width: 720px"><p><b>To:</b> ${LOCAL_SHOP_SETTINGS.ordersEmail}<br><b>Subject:</b> ${mail?.subject}</p><pre style="white-space: pre-wrap; font: inherit">${mail?.body.text}</pre></main>`,
    );
    await screenshot(page, 'admin-sale-notice-mail');
    // Its link opens the order, with the form to ship it.
    await page.goto(link);
    await page.getByText('Midnight Sale Cape').first().waitFor();
    await page.getByRole('button', { name: 'mark as shipped' }).waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'admin-sale-notice-order');
  });
});

describe('/admin-home: what is missing before opening', () => {
  it('lists each missing thing with what to do, linking the screen or the console that fixes it', async () => {
    // A film slot emptied for the run of this test (its film put back as it was).
    const slot = 'collection-18';
    const film = await getRaw('FILMS', `FILM#${slot}`);
    const staff = await loggedInAdmin();
    expect((await adminApi(staff, `/films?slot=${slot}`, { method: 'DELETE' })).status).toBe(200);
    try {
      const page = await openAsStaff(browser, { viewport: DESKTOP });
      const region = page.getByRole('region', { name: 'before opening' });
      const films = region.getByRole('listitem').filter({ hasText: 'film slots are empty' });
      await films.waitFor();
      expect(await films.textContent()).toMatch(
        /\d+ of 27 film slots are empty, each showing "this film is coming soon"/,
      );
      expect(await films.textContent()).toContain('collection #18');
      // The local shop's addresses and sister sites are .localhost placeholders: set at deploy.
      await region
        .getByText(`support address (shop.supportEmail) is ${LOCAL_SHOP_SETTINGS.supportEmail}`, {
          exact: false,
        })
        .waitFor();
      await region.getByText('One of One Art (https://art.oneofone.localhost/)', { exact: false }).waitFor();
      // The local stack's mail identity is verified: not listed.
      expect(await region.getByText('mail identity').count()).toBe(0);
      const termsListed = (await itemsWithPrefix('TERMS#')).length === 0;
      await expectAccessible(page);
      await page.mouse.move(0, 0);
      await screenshot(page, 'admin-home-opening');
      const phone = await openAsStaff(browser, { viewport: { width: 390, height: 844 } });
      await phone.getByRole('region', { name: 'before opening' }).getByRole('listitem').first().waitFor();
      await phone.mouse.move(0, 0);
      await screenshot(phone, 'admin-home-opening-phone');

      // The films' link opens the films screen, where the slot is filled.
      await films.getByRole('link', { name: 'films' }).click();
      await page.waitForURL('**/view-films');
      await page.getByText('no film: the page says "this film is coming soon"').first().waitFor();
      if (termsListed) {
        await page.goto('/admin-home');
        const terms = region.getByRole('listitem').filter({ hasText: 'terms of use is published' });
        await terms.getByRole('link', { name: 'terms of use' }).click();
        await page.waitForURL('**/terms-versions');
      }
    } finally {
      if (film) await putItems([film]);
    }
  });
});
