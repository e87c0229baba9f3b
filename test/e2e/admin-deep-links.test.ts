import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { adminOrderPage } from '#shared/admin.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { newAdmin } from '../support/admin.ts';
import { api, freshClientAddress, newCheckoutKey, until } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';
import { logInAs, openAsStaff } from './support/staff.ts';

/**
 * Staff links open from anywhere (issue 45): a staff screen opened in a new tab or from a mail
 * shows itself with a live session, and otherwise the login, which then returns to it; the
 * login returns only to a staff screen of the shop's own origin.
 */
const browser = startBrowser();
const PHONE = { width: 390, height: 844 };

const type = typeEntity({ name: 'Deep Link Atelier' });
const stamp = Date.now().toString().slice(-9);
const piece = (name: string, n: number) =>
  productEntity(type, { name, cardNumber: `77${stamp}0000${n}`, priceUs: 3100 });
const mailedPiece = piece('Lantern Silk Kimono', 1);
const desktopPiece = piece('Harbour Wool Greatcoat', 2);

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [mailedPiece, desktopPiece] });
}, 120_000);

/** Buys the piece with the test card and answers the order's code and the "Sold:" mail's link. */
async function soldNoticeLink(product: ProductEntity): Promise<{ code: string; link: string }> {
  const buyer = `${uniqueId('deep-link')}@example.com`;
  const code = await payWithTestCard(checkoutBody(product, newCheckoutKey(), { email: buyer }));
  // The SES stand-in's store, read while the stack is busy, may drop a read: asked again.
  const notice = async () =>
    (await mailTo(LOCAL_SHOP_SETTINGS.ordersEmail).catch(() => [])).find(
      (m) => m.subject.startsWith('Sold: ') && m.body.text?.includes(`(order ${code})`),
    );
  // The mail follows the sale's webhook, which the payments stand-in sends again after a failure.
  await until(async () => (await notice()) !== undefined, 'the sale notice', 60_000);
  const text = (await notice())?.body.text ?? '';
  const link = /Ship it from its page:\n(\S+)$/m.exec(text)?.[1] ?? '';
  return { code, link };
}

/** A fresh browser (no cookie, no storage) opening `url` from its own client address. */
const openFresh = (url: string, options: OpenOptions = {}) =>
  browser.open(url, { clientAddress: freshClientAddress(), ...options });

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

/** The order's page as staff see it: the piece, and the form to ship it. */
async function expectOrderPage(page: Page, code: string, pieceName: string): Promise<void> {
  expect(new URL(page.url()).pathname).toBe(adminOrderPage(code));
  await page.getByText(pieceName).first().waitFor();
  await page.getByRole('button', { name: 'mark as shipped' }).waitFor();
}

describe('the "Sold:" mail\'s link', () => {
  it('is the order page of this shop; in a fresh browser it shows the login, then the order', async () => {
    const { code, link } = await soldNoticeLink(mailedPiece);
    expect(new URL(link).origin).toBe(new URL(inject('baseUrl')).origin);
    expect(new URL(link).pathname).toBe(adminOrderPage(code));

    const staff = await newAdmin();
    const page = await openFresh(link, { viewport: PHONE });
    await page.getByRole('heading', { name: 'staff', level: 1 }).waitFor();
    const asked = new URL(page.url());
    expect(asked.pathname).toBe('/admin');
    expect(asked.searchParams.get('next')).toBe(adminOrderPage(code));
    await expectAccessible(page);
    await shot(page, 'admin-deep-link-login-phone');

    await logInAs(page, staff, adminOrderPage(code));
    await expectOrderPage(page, code, mailedPiece.name);
    await shot(page, 'admin-deep-link-order-phone');
  });

  it('opens the order at once in a second tab of a browser that logged in', async () => {
    const { code, link } = await soldNoticeLink(desktopPiece);
    const first = await openAsStaff(browser, { viewport: DESKTOP });
    // A new tab of the same browser: the cookie, but none of the first tab's session storage.
    const tab = await first.context().newPage();
    const visited: string[] = [];
    tab.on('framenavigated', (frame) => {
      if (frame === tab.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await tab.goto(link);
    await expectOrderPage(tab, code, desktopPiece.name);
    expect(visited.filter((path) => path === '/admin')).toEqual([]);
    await expectAccessible(tab);
    await shot(tab, 'admin-deep-link-second-tab-desktop');

    // The same link in a fresh desktop browser: the login first.
    const fresh = await openFresh(link, { viewport: DESKTOP });
    await fresh.getByRole('heading', { name: 'staff', level: 1 }).waitFor();
    await shot(fresh, 'admin-deep-link-login-desktop');
  });

  it('returns a page whose session ended on the server to itself after the login', async () => {
    const path = '/orders?filter=waiting';
    const staff = await newAdmin();
    const page = await openFresh('/admin');
    await logInAs(page, staff);
    // The home page's own calls finish first: refused after the logout, they would send this
    // tab to the login for /admin-home while the test's move to `path` is under way.
    await page.getByRole('heading', { name: 'to ship' }).waitFor();
    await page.waitForLoadState('networkidle');
    const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-admin');
    await api('/admin', { method: 'DELETE', headers: { cookie: `__Host-admin=${cookie?.value}` } });
    // The tab still holds the name: the page opens, its first call is refused, the login follows
    // (the page's own move to the login may cut the goto short).
    await page.goto(path).catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/admin' && url.search !== '');
    await page.getByLabel('username').waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await logInAs(page, staff, path);
    expect(await page.getByLabel('show').inputValue()).toBe('waiting');
  });
});

describe('the login returns only to a staff page of this shop', () => {
  it.each([
    ['another host, by //', '//evil.example/view-order/x'],
    ['another host, by /\\', '/\\evil.example/view-order/x'],
    ['an absolute address', 'https://evil.example/view-order/x'],
    ['a script address', 'javascript:alert(1)'],
    ['a storefront page', '/women'],
    ['an address no page has', '/view-order/a/b'],
    ['the login itself', '/admin'],
  ])('lands on /admin-home for %s', async (_what, next) => {
    const staff = await newAdmin();
    const page = await openFresh(`/admin?next=${encodeURIComponent(next)}`);
    await logInAs(page, staff);
    expect(new URL(page.url()).origin).toBe(new URL(inject('baseUrl')).origin);
    expect(new URL(page.url()).pathname).toBe('/admin-home');
  });

  it('keeps the query of a staff page it returns to', async () => {
    const staff = await newAdmin();
    const page = await openFresh('/orders?filter=overdue');
    await page.getByLabel('username').waitFor();
    await logInAs(page, staff, '/orders?filter=overdue');
    expect(await page.getByLabel('show').inputValue()).toBe('overdue');
  });
});
