import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { productKey } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard, mailedLink, mailedPassword } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';

/**
 * The authenticity portal in the browser (001 §2, §5, §8): a piece bought by card, its owner's
 * page, the transfer to a new owner, the password reset and every message. Each browser
 * context sends its API calls from its own loopback address, since the server counts login,
 * transfer and reset tries per client address as well as per card.
 */
const browser = startBrowser();
const open = (path: string, options: OpenOptions = {}) =>
  browser.open(path, { clientAddress: freshClientAddress(), ...options });

const PORTAL_TEXT = 'Made once, for you: the photographs below are the record of its authenticity.';
const type = typeEntity({ name: 'Portal Atelier', authPortalText: PORTAL_TEXT });
let serial = 0;
const cardNumber = () => `66${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const piece = (name: string) => productEntity(type, { name, cardNumber: cardNumber(), priceUs: 800 });
const photos = (p: ProductEntity): ImageEntity[] =>
  [1, 2].map((view) => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId: p.id,
    type: 2,
    index: view,
    // Authenticity photos the demo catalogue put in the media bucket; the portal signs links to them.
    url: `s3/authenticity/p-aurora-08-${view}.jpg`,
  }));

const viewed = piece('Vermeil Evening Gown');
const passedOn = piece('Onyx Opera Cape');
const refused = piece('Ivory Silk Stole');
const guarded = piece('Amber Velvet Coat');
const pieces = [viewed, passedOn, refused, guarded];
const buyer = (p: ProductEntity) => `owner-${p.id}@example.com`;
const passwords = new Map<string, string>();

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: pieces, images: pieces.flatMap(photos) });
  // Real purchases: checkout, card confirmed at the Stripe stand-in, the signed webhook that
  // creates the owner's record and mails the portal password.
  for (const p of pieces) passwords.set(p.id, (await buyWithCard(p, buyer(p))).password);
}, 120_000);

const passwordOf = (p: ProductEntity) => passwords.get(p.id) as string;

/** The piece's card number as the table holds it. */
async function cardOf(p: ProductEntity): Promise<string> {
  const key = productKey(p.id);
  const item = await getRaw(key.pk, key.sk);
  const number = item?.cardNumber;
  if (typeof number !== 'string') throw new Error(`no card number for ${p.id}`);
  return number;
}

/** A screenshot once the pointer is out of the way and transitions (0.2 s) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

async function fillLogin(page: Page, number: string, password: string): Promise<void> {
  await page.getByLabel('card number').fill(number);
  await page.getByLabel('password', { exact: true }).fill(password);
}

async function logIn(page: Page, number: string, password: string): Promise<void> {
  await fillLogin(page, number, password);
  await page.getByRole('button', { name: 'open my piece' }).click();
}

async function alertWith(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

async function loginPage(options: OpenOptions = {}): Promise<Page> {
  const page = await open('/authenticity', options);
  await page.getByRole('heading', { name: 'authenticity', level: 1 }).waitFor();
  return page;
}

/** Every photo on the page has loaded (a broken or refused link has no natural width). */
async function photosLoaded(page: Page): Promise<number[]> {
  const images = page.locator('.portal-photos img');
  await expect
    .poll(() => images.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).complete)), {
      timeout: 10_000,
    })
    .toBe(true);
  return images.evaluateAll((all) => all.map((i) => (i as HTMLImageElement).naturalWidth));
}

describe("from purchase to the owner's page", () => {
  it("opens the buyer's page with the mailed password: name, the collection's words, every photo", async () => {
    const number = await cardOf(viewed);
    // /home's menu links /authenticity/ with a trailing slash.
    const page = await open('/authenticity/');
    await page.getByRole('heading', { name: 'authenticity', level: 1 }).waitFor();
    await expectAccessible(page);
    await shot(page, 'authenticity-login-phone');

    // The number is shown in groups of 4 as it is typed, at most 16 digits.
    const field = page.getByLabel('card number');
    await field.pressSequentially(`${number}99`);
    expect(await field.inputValue()).toBe(grouped(number));
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await field.getAttribute('autocomplete')).toBe('off');
    const password = page.getByLabel('password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    expect(await password.getAttribute('maxlength')).toBe('16');
    await password.fill(passwordOf(viewed));
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/authenticationcard') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'open my piece' }).click();
    // Digits only on the wire.
    expect((await sent).postDataJSON()).toEqual({ cardNumber: number, password: passwordOf(viewed) });

    await page.waitForURL('**/authenticity/showingcard');
    await page.getByRole('heading', { name: 'Vermeil Evening Gown', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain(PORTAL_TEXT);
    expect(await page.locator('main').textContent()).toContain(buyer(viewed));
    const alts = await page
      .locator('.portal-photos img')
      .evaluateAll((all) => all.map((i) => i.getAttribute('alt')));
    expect(alts).toEqual([
      'authenticity photograph 1 of 2 of Vermeil Evening Gown',
      'authenticity photograph 2 of 2 of Vermeil Evening Gown',
    ]);
    const widths = await photosLoaded(page);
    expect(widths).toHaveLength(2);
    for (const width of widths) expect(width).toBeGreaterThan(0);
    // The password is not kept anywhere the page can read.
    const kept = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
    );
    expect(kept).not.toContain(passwordOf(viewed));
    expect(kept).not.toContain('__Host-owner');
    await expectAccessible(page);
    await shot(page, 'authenticity-showingcard-phone');

    // A reload reads the same page from the session cookie.
    await page.reload();
    await page.getByRole('heading', { name: 'Vermeil Evening Gown', level: 1 }).waitFor();
    expect(await photosLoaded(page)).toHaveLength(2);

    // Log out ends the session: the page sends the visitor back to the login.
    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL((url) => url.pathname === '/authenticity');
    await page.goto('/authenticity/showingcard');
    await page.waitForURL((url) => url.pathname === '/authenticity');
    await page.getByText(PORTAL_MESSAGES.notLoggedIn).waitFor();
  });

  it("shows the owner's page on a desktop", async () => {
    const page = await loginPage({ viewport: DESKTOP });
    await shot(page, 'authenticity-login-desktop');
    await logIn(page, await cardOf(viewed), passwordOf(viewed));
    await page.getByRole('heading', { name: 'Vermeil Evening Gown', level: 1 }).waitFor();
    await photosLoaded(page);
    await shot(page, 'authenticity-showingcard-desktop');
  });
});

describe('transfer and reset', () => {
  // Four logins, a transfer and a reset: seven scrypt hashes and their mails, slow on two busy cores.
  it('transfers the piece to a new owner, whose mailed password works while the old one fails; then a reset', {
    timeout: 120_000,
  }, async () => {
    const number = await cardOf(passedOn);
    const newOwner = `${uniqueId('heir')}@example.com`;
    const page = await loginPage();
    await logIn(page, number, passwordOf(passedOn));
    await page.getByRole('heading', { name: 'Onyx Opera Cape', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'transfer ownership' }).click();
    await page.waitForURL('**/authenticity/transfer');
    await page.getByLabel("new owner's email").fill(newOwner);
    await page.getByLabel('your current password', { exact: true }).fill(passwordOf(passedOn));
    await expectAccessible(page);
    await shot(page, 'authenticity-transfer-phone');
    await page.getByRole('button', { name: 'transfer ownership' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'transfer this piece?' });
    await dialog.waitFor();
    const words = (await dialog.textContent()) ?? '';
    expect(words).toContain('Onyx Opera Cape');
    expect(words).toContain(newOwner);
    expect(words).toContain('current password will stop working');
    // The safe choice has the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('cancel');
    await expectAccessible(page);
    await shot(page, 'authenticity-transfer-confirm-phone');
    // Cancel sends nothing; a second confirm goes through.
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'transfer ownership' }).click();
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/transfer-auth'));
    await dialog.getByRole('button', { name: 'transfer', exact: true }).click();
    expect((await posted).postDataJSON()).toEqual({
      cardNumber: number,
      pid: passedOn.id,
      email: newOwner,
      pwd: passwordOf(passedOn),
    });

    await page.waitForURL('**/authenticity/finish');
    await page.getByRole('heading', { name: 'transfer complete' }).waitFor();
    const finish = (await page.locator('main').textContent()) ?? '';
    expect(finish).toContain('email with their own password');
    expect(finish).toContain('Your password no longer works');
    expect(await page.getByRole('link', { name: 'return to the boutique' }).getAttribute('href')).toBe(
      '/home',
    );
    await expectAccessible(page);
    await shot(page, 'authenticity-finish-phone');
    // The session ended with the transfer.
    await page.goto('/authenticity/showingcard');
    await page.waitForURL((url) => url.pathname === '/authenticity');

    // The old password no longer opens the page.
    const former = await loginPage();
    await logIn(former, number, passwordOf(passedOn));
    await alertWith(former, PORTAL_MESSAGES.wrongCredentials);

    // The new owner's own password, from the mail sent to them, does.
    const heirPassword = await mailedPassword(newOwner, 'Onyx Opera Cape has been transferred to you');
    const heir = await loginPage();
    await logIn(heir, number, heirPassword);
    await heir.getByRole('heading', { name: 'Onyx Opera Cape', level: 1 }).waitFor();
    expect(await heir.locator('main').textContent()).toContain(newOwner);

    // A forgotten password: a link is mailed to the owner; the password changes when they confirm it.
    const forgot = await open('/authenticity');
    const urls: string[] = [];
    forgot.on('request', (r) => urls.push(decodeURIComponent(r.url())));
    await forgot.getByRole('link', { name: 'forgot your password?' }).click();
    await forgot.waitForURL('**/forgot-pwd');
    await forgot.getByLabel('email').fill(newOwner);
    await forgot.getByLabel('card number').fill(grouped(number));
    await expectAccessible(forgot);
    await forgot.getByRole('button', { name: 'send a reset link' }).click();
    await forgot.getByText(PORTAL_MESSAGES.resetLinkSent).waitFor({ timeout: 10_000 });
    await shot(forgot, 'authenticity-forgot-sent-phone');
    // The e-mail and the card number went in the request's body, never in a URL.
    expect(urls.some((u) => u.endsWith('/api/reset-pwd'))).toBe(true);
    expect(urls.filter((u) => u.includes(newOwner) || u.includes(number))).toEqual([]);
    const link = await mailedLink(newOwner, 'Reset your authenticity portal password');
    // Until the link is used, the present password still works.
    const beforeConfirm = await loginPage();
    await logIn(beforeConfirm, number, heirPassword);
    await beforeConfirm.getByRole('heading', { name: 'Onyx Opera Cape', level: 1 }).waitFor();
    const confirmPage = await open(new URL(link).pathname + new URL(link).search);
    await confirmPage.getByRole('heading', { name: 'reset your password' }).waitFor();
    await expectAccessible(confirmPage);
    await confirmPage.getByRole('button', { name: 'confirm the reset' }).click();
    await confirmPage.getByText(PORTAL_MESSAGES.resetSent).waitFor({ timeout: 20_000 });
    await shot(confirmPage, 'authenticity-reset-confirmed-phone');
    const resetPassword = await mailedPassword(newOwner, 'Your new authenticity portal password');

    const withReset = await loginPage();
    await logIn(withReset, number, resetPassword);
    await withReset.getByRole('heading', { name: 'Onyx Opera Cape', level: 1 }).waitFor();
    const withPrevious = await loginPage();
    await logIn(withPrevious, number, heirPassword);
    await alertWith(withPrevious, PORTAL_MESSAGES.wrongCredentials);

    // One request a day per card from one address.
    await forgot.getByRole('button', { name: 'send a reset link' }).click();
    await alertWith(forgot, PORTAL_MESSAGES.resetAgain);
    await shot(forgot, 'authenticity-forgot-again-phone');
  });
});

describe('messages', () => {
  it('checks the number and the password before sending, and explains a card that does not open', async () => {
    const page = await loginPage();
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/authenticationcard') && r.method() === 'POST') posts += 1;
    });
    await fillLogin(page, '1234 5678', 'x'.repeat(16));
    await page.getByRole('button', { name: 'open my piece' }).click();
    await alertWith(page, PORTAL_MESSAGES.badNumber);
    expect(await page.getByLabel('card number').getAttribute('aria-invalid')).toBe('true');
    await fillLogin(page, '1234 5678 9012 3456', 'short');
    await page.getByRole('button', { name: 'open my piece' }).click();
    await alertWith(page, PORTAL_MESSAGES.badPassword);
    expect(await page.getByText(PORTAL_MESSAGES.badNumber).count()).toBe(0);
    await shot(page, 'authenticity-login-checks-phone');
    expect(posts).toBe(0);

    // A number that matches no card, or a wrong password: the same words, and what they may mean.
    await logIn(page, cardNumber(), 'Wrong-password-1');
    await alertWith(page, PORTAL_MESSAGES.wrongCredentials);
    const explained =
      (await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.wrongCredentials }).textContent()) ??
      '';
    expect(explained).toMatch(/may not be genuine/);
    expect(await page.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe(
      '/more/contact_us',
    );
    expect(posts).toBe(1);
    await expectAccessible(page);
    await shot(page, 'authenticity-login-refused-phone');
  });

  it('groups the number by 4 as it is typed, keeping the caret after the digit typed or removed', async () => {
    const page = await loginPage();
    const field = page.getByLabel('card number');
    const caret = () => field.evaluate((i) => (i as HTMLInputElement).selectionStart);
    await field.pressSequentially('12345678');
    expect(await field.inputValue()).toBe('1234 5678');
    // A digit typed inside the number.
    await field.press('Home');
    for (let i = 0; i < 2; i++) await field.press('ArrowRight');
    await field.press('9');
    expect(await field.inputValue()).toBe('1293 4567 8');
    expect(await caret()).toBe(3);
    // A backspace just after a group's space removes the digit before it.
    await field.press('End');
    for (let i = 0; i < 6; i++) await field.press('ArrowLeft');
    expect(await caret()).toBe(5);
    await field.press('Backspace');
    expect(await field.inputValue()).toBe('1294 5678');
    expect(await caret()).toBe(3);
    // Letters are ignored; a pasted number with dashes is kept as its digits.
    await field.press('x');
    expect(await field.inputValue()).toBe('1294 5678');
    expect(await caret()).toBe(3);
    await field.fill('1234-5678-9012-3456');
    expect(await field.inputValue()).toBe('1234 5678 9012 3456');
  });

  it("sends a visitor without a session from the owner's screens to the login", async () => {
    for (const path of ['/authenticity/showingcard', '/authenticity/transfer']) {
      const page = await open(path);
      await page.waitForURL((url) => url.pathname === '/authenticity');
      await page.getByText(PORTAL_MESSAGES.notLoggedIn).waitFor();
    }
  });

  it('says the network may have an error when the call fails or the server breaks down', async () => {
    browser.expectFailures(
      { status: 0, path: '/api/authenticationcard' },
      { status: 503, path: '/api/authenticationcard' },
    );
    const page = await loginPage();
    await page.route('**/api/authenticationcard', (route) => route.abort('internetdisconnected'));
    await logIn(page, await cardOf(refused), passwordOf(refused));
    await alertWith(page, PORTAL_MESSAGES.network);
    expect(await page.getByRole('button', { name: 'open my piece' }).isEnabled()).toBe(true);
    await page.unroute('**/api/authenticationcard');
    await page.route('**/api/authenticationcard', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Service Unavailable"}',
      }),
    );
    await page.getByRole('button', { name: 'open my piece' }).click();
    await alertWith(page, PORTAL_MESSAGES.network);
    expect(new URL(page.url()).pathname).toBe('/authenticity');
  });

  it('keeps the button disabled while the login is on its way', async () => {
    const page = await loginPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/authenticationcard', async (route) => {
      await held;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: PORTAL_MESSAGES.wrongCredentials }),
      });
    });
    await logIn(page, cardNumber(), 'Wrong-password-1');
    await expect.poll(() => page.locator('.portal-submit').isDisabled()).toBe(true);
    release();
    await alertWith(page, PORTAL_MESSAGES.wrongCredentials);
    expect(await page.locator('.portal-submit').isDisabled()).toBe(false);
  });

  it("refuses a transfer without correct information, and a wrong password with the server's words", async () => {
    const page = await loginPage();
    await logIn(page, await cardOf(refused), passwordOf(refused));
    await page.getByRole('heading', { name: 'Ivory Silk Stole', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'transfer ownership' }).click();
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/transfer-auth')) posts += 1;
    });
    const submit = page.getByRole('button', { name: 'transfer ownership' });

    await page.getByLabel("new owner's email").fill('not-an-email');
    await page.getByLabel('your current password', { exact: true }).fill(passwordOf(refused));
    await submit.click();
    await alertWith(page, PORTAL_MESSAGES.transferBadInput);
    await page.getByLabel("new owner's email").fill('heir@example.com');
    await page.getByLabel('your current password', { exact: true }).fill('');
    await submit.click();
    await alertWith(page, PORTAL_MESSAGES.transferBadInput);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(posts).toBe(0);

    await page.getByLabel('your current password', { exact: true }).fill('Wrong-password-1');
    await submit.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'transfer', exact: true }).click();
    await alertWith(page, PORTAL_MESSAGES.transferDeclined);
    expect(posts).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/authenticity/transfer');
    await expectAccessible(page);
    await shot(page, 'authenticity-transfer-declined-phone');
  });

  it('asks for a correct email and card number before a reset, and answers a mismatch as a match', async () => {
    const page = await open('/forgot-pwd');
    await page.getByRole('heading', { name: 'forgot your password?' }).waitFor();
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/reset-pwd')) posts += 1;
    });
    const send = page.getByRole('button', { name: 'send a reset link' });
    await page.getByLabel('email').fill('owner@example');
    await page.getByLabel('card number').fill('1234 5678 9012 3456');
    await send.click();
    await alertWith(page, PORTAL_MESSAGES.resetWrong);
    await page.getByLabel('email').fill('owner@example.com');
    await page.getByLabel('card number').fill('1234 5678');
    await send.click();
    await alertWith(page, PORTAL_MESSAGES.resetWrong);
    expect(posts).toBe(0);
    // Well formed, but no such owner for this card: the same answer as a match, and no mail.
    await page.getByLabel('email').fill('someone-else@example.com');
    await page.getByLabel('card number').fill(await cardOf(refused));
    await send.click();
    await page.getByText(PORTAL_MESSAGES.resetLinkSent).waitFor({ timeout: 10_000 });
    expect(posts).toBe(1);
    await expectAccessible(page);
    await shot(page, 'authenticity-forgot-wrong-phone');
    expect(await page.getByRole('link', { name: 'back to the login' }).getAttribute('href')).toBe(
      '/authenticity',
    );
  });
});

describe('limits', () => {
  it('slows a card down after eleven wrong tries from anywhere, the right password too, for minutes', async () => {
    const number = await cardOf(guarded);
    for (let i = 0; i < 11; i++) {
      const answer = await api('/authenticationcard', {
        method: 'POST',
        json: { cardNumber: number, password: 'Wrong-password-1' },
        from: freshClientAddress(),
      });
      expect(answer.status).toBe(401);
    }
    const address = freshClientAddress();
    const page = await loginPage({ clientAddress: address });
    await logIn(page, grouped(number), passwordOf(guarded));
    await alertWith(page, PORTAL_MESSAGES.slowDown);
    // The browser's call came from its own address; a try refused before any check is given back.
    const [counter] = await itemsWithPrefix(`LIMIT#portal-login-address#${address}`);
    expect(counter?.attempts).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/authenticity');
    await shot(page, 'authenticity-login-too-many-phone');
  });
});
