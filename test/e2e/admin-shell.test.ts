import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { MESSAGES } from '#shared/messages.ts';
import { newAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';

/**
 * The admin shell in the browser (001 §2, §6): the login page and its one message, the home
 * page's lists, the audit log, the guard on every admin route (the login for a browser with no
 * staff session), the session cookie and logging out. Each test logs in with its own staff
 * account (tries are counted per account) and sends its API calls from its own loopback
 * address (and per address).
 */
const browser = startBrowser();

/** A page whose API calls come from a fresh loopback address. */
function open(path: string, options: OpenOptions = {}): Promise<Page> {
  return browser.open(path, { clientAddress: freshClientAddress(), ...options });
}

const VANCOUVER_TIME = /^\d{4}-\d{2}-\d{2},? \d{2}:\d{2}:\d{2} P[SD]T$/;

async function fillLogin(page: Page, user: string, pass: string): Promise<void> {
  await page.getByLabel('username').fill(user);
  await page.getByLabel('password').fill(pass);
  await page.getByRole('button', { name: 'log in' }).click();
}

/** A new staff account, logged in through /admin; the page is left on /admin-home. */
async function loggedInPage(options: OpenOptions = {}): Promise<{ page: Page; username: string }> {
  const { username, password } = await newAdmin();
  const page = await open('/admin', options);
  await fillLogin(page, username, password);
  await page.waitForURL('**/admin-home');
  return { page, username };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

describe('the admin login', () => {
  it('says "get out of here!" to a wrong password and stays on /admin', async () => {
    const { username } = await newAdmin();
    const page = await open('/admin');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
    await shot(page, 'admin-shell-login-phone');
    await fillLogin(page, username, 'not-the-password-at-all');
    await page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.loginFailed }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(ADMIN_MESSAGES.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByLabel('password').inputValue()).toBe('');
    // Nothing but the Back button's record of visited addresses (web/src/lib/back.ts).
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => !k.startsWith('nav-entry:'))),
    ).toEqual([]);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('__Host-admin');
    await shot(page, 'admin-shell-login-refused-phone');
    const desktop = await open('/admin', { viewport: DESKTOP });
    await desktop.getByRole('heading', { level: 1 }).waitFor();
    await shot(desktop, 'admin-shell-login-desktop');
  });

  it('logs a staff account in to /admin-home, with the lists, behind an HttpOnly, Secure, SameSite=Strict cookie', async () => {
    const { page, username } = await loggedInPage();
    await page.getByRole('heading', { name: 'admin', level: 1 }).waitFor();
    const links = page.locator('.adm-menu a');
    const menu = await links.evaluateAll((all) =>
      all.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]),
    );
    expect(menu).toEqual(
      expect.arrayContaining([
        ['products', '/viewproducts'],
        ['orders', '/orders'],
        ['collections', '/view-types'],
        ['sizes', '/view-sizes'],
        ['size finder replies', '/view-answers'],
        ['members', '/view-members'],
        ['authentication records', '/view-products-auth'],
      ]),
    );
    expect(await page.getByText(username).count()).toBeGreaterThan(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-admin');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.domain).not.toMatch(/^\./);
    expect(await page.evaluate(() => document.cookie)).not.toContain('__Host-admin');
    await expectAccessible(page);
    await shot(page, 'admin-shell-home-phone');
    const desktop = await loggedInPage({ viewport: DESKTOP });
    await desktop.page.getByRole('heading', { name: 'admin', level: 1 }).waitFor();
    await shot(desktop.page, 'admin-shell-home-desktop');
  });
});

describe('the audit log', () => {
  it('shows a change made in the admin, with who and when in Vancouver time', async () => {
    const email = `${uniqueId('audited')}@example.com`;
    expect(
      (await api('/member', { method: 'POST', json: { email }, from: freshClientAddress() })).status,
    ).toBe(200);
    const { page, username } = await loggedInPage({ viewport: DESKTOP });
    await page.getByRole('link', { name: 'members' }).click();
    await page.waitForURL('**/view-members');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'yes, delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toBeUndefined();

    await page.getByRole('link', { name: 'audit log' }).first().click();
    await page.waitForURL('**/audit-log');
    const entry = page.getByRole('row').filter({ hasText: email });
    await entry.waitFor();
    const cells = await entry.getByRole('cell').allTextContents();
    expect(cells[0]).toMatch(VANCOUVER_TIME);
    expect(cells[1]).toBe(username);
    expect(cells[2]).toBe(`delete member ${email}`);
    // The time shown is now's on the Vancouver wall clock, as the browser's time zone data has it
    // (to the minute, allowing 2 minutes).
    const recent = await page.evaluate(() => {
      const vancouver = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Vancouver',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
      return [0, 60_000, 120_000].map((ago) => vancouver.format(new Date(Date.now() - ago)));
    });
    expect(recent).toContain(cells[0]?.slice(0, recent[0]?.length));
    await entry.getByText('changes').click();
    expect(await entry.locator('pre').textContent()).toContain(`"email": "${email}"`);
    await expectAccessible(page);
    await shot(page, 'admin-shell-audit-log-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-shell-audit-log-phone');
  });
});

describe('the admin routes', () => {
  it.each([
    '/admin-home',
    '/orders',
    '/view-order/00000000-0000-4000-8000-000000000000',
    '/view-members',
    '/audit-log',
  ])('show the login at %s in a browser with no staff session, to return there (issue 45)', async (path) => {
    const page = await open(path);
    await page.getByLabel('username').waitFor();
    const login = new URL(page.url());
    expect(login.pathname).toBe('/admin');
    expect(login.searchParams.get('next')).toBe(path);
  });

  it('answer "Sorry your page is not found." at an address no staff screen has', async () => {
    const page = await open('/view-order/a/b');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(MESSAGES.pageNotFound);
  });

  it('log out: the cookie is gone, the server session too, and the admin pages are closed again', async () => {
    const { page } = await loggedInPage();
    const before = (await page.context().cookies()).find((c) => c.name === '__Host-admin');
    expect(before?.value).toMatch(/^[\w-]{43}$/);
    expect((await page.request.get('/api/admin')).status()).toBe(200);

    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL('**/admin');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('__Host-admin');
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    expect((await page.request.get('/api/admin')).status()).toBe(401);
    expect((await page.request.get('/api/orders')).status()).toBe(401);
    // The old cookie, replayed by hand, opens nothing: the session ended on the server.
    const replayed = await api('/members', { headers: { cookie: `__Host-admin=${before?.value}` } });
    expect(replayed).toMatchObject({ status: 401, body: { message: ADMIN_MESSAGES.notLoggedIn } });

    await page.goto('/orders');
    await page.getByLabel('username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('sends a page whose session ended on the server back to /admin', async () => {
    const { page } = await loggedInPage();
    const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-admin');
    // The session ends elsewhere (another tab logs out); this tab still holds the username.
    await api('/admin', { method: 'DELETE', headers: { cookie: `__Host-admin=${cookie?.value}` } });
    // Its next server call (the home re-asking its counts, or opening the orders) sends it back
    // (to the login that returns to the page it was on).
    // (A goto cut short by the page's own move to /admin is that same move.)
    // Waiting on the login form, not on a navigation: either move may abort the other's.
    if (!page.url().endsWith('/admin')) await page.goto('/orders').catch(() => undefined);
    await page.getByLabel('username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});
