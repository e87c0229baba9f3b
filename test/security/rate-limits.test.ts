import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import { LIMITS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { DESKTOP, startBrowser } from '../e2e/support/browser.ts';
import { newAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';

/**
 * Limits are counted on the server, so a fresh browser (a new context: no cookies, no storage,
 * nothing the web app could count in) gets no new tries. Each try below is a real form in
 * headless Chromium, in a context of its own; the page's API calls go out from the loopback
 * address the test picks (test/e2e/support/browser.ts), which is the client address the
 * server counts by.
 */
const browser = startBrowser();

interface Outcome {
  status: number;
  page: Page;
}

/** One try in a brand-new browser context: open the page, do the form, read the API's answer. */
async function freshTry(
  path: string,
  from: string,
  api: string,
  fill: (page: Page) => Promise<void>,
): Promise<Outcome> {
  const page = await browser.open(path, { clientAddress: from, viewport: DESKTOP });
  expect(await page.context().cookies()).toEqual([]);
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api${api}`) && r.request().method() === 'POST',
  );
  await fill(page);
  return { status: (await answer).status(), page };
}

/**
 * The server counts tries in sliding windows (15 minutes for staff logins, 10 for sign-ups, a
 * day for the portal), approximated from two fixed ones: tries spread over `seconds` across a
 * boundary may get up to max·seconds/window more (see functions/table/rate-limit.ts), so a
 * test that counts to the exact limit starts in a fixed window with `seconds` left.
 */
async function withinOneWindow(windowSeconds: number, seconds: number): Promise<void> {
  const now = Date.now() / 1000;
  const left = (Math.floor(now / windowSeconds) + 1) * windowSeconds - now;
  if (left < seconds) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}

const alertSays = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });

const type = typeEntity({ name: 'Limits test' });
let serial = 0;
const cardNumber = () => `66${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = [0, 1].map(() => productEntity(type, { cardNumber: cardNumber(), name: 'Limits gown' }));
const passwords: string[] = [];

beforeAll(async () => {
  await store({ type, products: pieces });
  for (const p of pieces) passwords.push((await buyWithCard(p, `owner-${p.id}@example.com`)).password);
}, 120_000);

describe('the portal login limit holds across fresh browsers', () => {
  const portalTry = (from: string, number: string, password: string) =>
    freshTry('/authenticity', from, '/authenticationcard', async (page) => {
      await page.getByLabel('card number').fill(number);
      await page.getByLabel('password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'open my piece' }).click();
    });

  it(`blocks try ${PORTAL_LIMITS.loginTriesPerDay + 1} of a day from one address, even with the right password`, async () => {
    await withinOneWindow(PORTAL_LIMITS.daySeconds, 120);
    const from = freshClientAddress();
    for (let i = 0; i < PORTAL_LIMITS.loginTriesPerDay; i++) {
      const wrong = await portalTry(from, cardNumber(), 'Wrong-password-1');
      expect(wrong.status).toBe(401);
      await alertSays(wrong.page, PORTAL_MESSAGES.wrongCredentials);
    }
    const [piece] = pieces;
    const blocked = await portalTry(from, String(piece?.cardNumber), passwords[0] as string);
    expect(blocked.status).toBe(429);
    await alertSays(blocked.page, PORTAL_MESSAGES.tooManyTries);
    expect(await blocked.page.context().cookies()).toEqual([]);
    // Counted on the server: one counter for the address, at the limit.
    const counters = await itemsWithPrefix(`LIMIT#portal-login-address#${from}`);
    expect(counters.map((c) => c.attempts)).toEqual([PORTAL_LIMITS.loginTriesPerDay]);
    // The same card and password from another address still open the piece.
    const elsewhere = await portalTry(
      freshClientAddress(),
      String(piece?.cardNumber),
      passwords[0] as string,
    );
    expect(elsewhere.status).toBe(200);
  }, 240_000);

  it(`slows a card down after ${PORTAL_LIMITS.loginTriesPerDay + 1} wrong tries from any address, the right password too, for minutes`, async () => {
    await withinOneWindow(PORTAL_LIMITS.daySeconds, 120);
    const piece = pieces[1];
    for (let i = 0; i < PORTAL_LIMITS.loginTriesPerDay + 1; i++) {
      expect(
        (await portalTry(freshClientAddress(), String(piece?.cardNumber), 'Wrong-password-1')).status,
      ).toBe(401);
    }
    const blocked = await portalTry(freshClientAddress(), String(piece?.cardNumber), passwords[1] as string);
    expect(blocked.status).toBe(429);
    await alertSays(blocked.page, PORTAL_MESSAGES.slowDown);
    // Slowed, not locked: the card's next try is due within the first delay, not tomorrow.
    const [throttle] = await itemsWithPrefix(`LIMIT#portal-login-card#${piece?.cardNumber}`);
    expect(Number(throttle?.nextTryAt) - Date.now()).toBeLessThanOrEqual(
      PORTAL_LIMITS.loginFirstDelaySeconds * 1000,
    );
  }, 240_000);
});

describe('the staff login limit holds across fresh browsers', () => {
  const staffTry = (from: string, user: string, pass: string) =>
    freshTry('/admin', from, '/admin', async (page) => {
      await page.getByLabel('username').fill(user);
      await page.getByLabel('password').fill(pass);
      await page.getByRole('button', { name: 'log in' }).click();
    });

  it(`slows strangers down after ${ADMIN_LIMITS.loginTriesPerAccount} wrong tries on an account from any address, never locking its staff out`, async () => {
    // Issue 36: the right password used to answer 429 here for the rest of the window.
    const { username, password } = await newAdmin();
    for (let i = 0; i < ADMIN_LIMITS.loginTriesPerAccount; i++) {
      const wrong = await staffTry(freshClientAddress(), username, 'wrong-password-xyz');
      expect(wrong.status).toBe(401);
      await alertSays(wrong.page, ADMIN_MESSAGES.loginFailed);
    }
    const staff = await staffTry(freshClientAddress(), username, password);
    expect(staff.status).toBe(200);
    await staff.page.waitForURL('**/admin-home');
    expect((await staffTry(freshClientAddress(), username, 'wrong-password-xyz')).status).toBe(401);
    const slowed = await staffTry(freshClientAddress(), username, 'wrong-password-xyz');
    expect(slowed.status).toBe(429);
    await alertSays(slowed.page, ADMIN_MESSAGES.loginSlowed);
    expect(await slowed.page.context().cookies()).toEqual([]);
  }, 240_000);

  it(`blocks try ${ADMIN_LIMITS.loginTriesPerAddress + 1} from one address across accounts`, async () => {
    await withinOneWindow(ADMIN_LIMITS.loginWindowSeconds, 120);
    const from = freshClientAddress();
    for (let i = 0; i < ADMIN_LIMITS.loginTriesPerAddress; i++) {
      expect((await staffTry(from, uniqueId('ghost'), 'wrong-password-xyz')).status).toBe(401);
    }
    const { username, password } = await newAdmin();
    const blocked = await staffTry(from, username, password);
    expect(blocked.status).toBe(429);
    await alertSays(blocked.page, ADMIN_MESSAGES.loginLimited);
    const elsewhere = await staffTry(freshClientAddress(), username, password);
    expect(elsewhere.status).toBe(200);
    await elsewhere.page.waitForURL('**/admin-home');
  }, 360_000);
});

describe('the member sign-up limit holds across fresh browsers', () => {
  const signUp = (from: string, email: string) =>
    freshTry('/world/membership', from, '/member', async (page) => {
      await page.getByRole('button', { name: 'here' }).click();
      await page.getByLabel('email address').fill(email);
      await page.getByRole('button', { name: 'confirm' }).click();
    });

  it(`refuses sign-up ${LIMITS.memberSignupsPerWindow + 1} from one address, and stores nothing for it`, async () => {
    await withinOneWindow(LIMITS.memberSignupWindowSeconds, 60);
    const from = freshClientAddress();
    const email = () => `${uniqueId('member')}@example.com`;
    for (let i = 0; i < LIMITS.memberSignupsPerWindow; i++) {
      const address = email();
      expect((await signUp(from, address)).status).toBe(200);
      expect(await itemsWithPrefix(`MEMBER#${address}`)).toHaveLength(1);
    }
    const refused = email();
    const blocked = await signUp(from, refused);
    expect(blocked.status).toBe(429);
    await alertSays(blocked.page, MESSAGES.signupTryLater);
    expect(await itemsWithPrefix(`MEMBER#${refused}`)).toEqual([]);
    expect((await signUp(freshClientAddress(), refused)).status).toBe(200);
    expect(await itemsWithPrefix(`MEMBER#${refused}`)).toHaveLength(1);
  }, 240_000);
});

describe('the size finder answers limit holds across fresh browsers', () => {
  const guidePage = `/products/productsizeguide?type=${DEMO.womenSized}&gender=0`;
  /** The demo's women's size finder, every question skipped, the e-mail given. */
  const finish = (from: string, email: string) =>
    freshTry(guidePage, from, '/answers', async (page) => {
      await page.getByRole('button', { name: 'size finder' }).click();
      const sheet = page.getByRole('dialog', { name: 'size finder' });
      await sheet.getByRole('button', { name: 'begin' }).click();
      for (let question = 1; question < 6; question++) {
        await sheet.getByText(`question ${question} of 6`).waitFor();
        await sheet.getByRole('button', { name: 'skip' }).click();
      }
      await sheet.getByRole('textbox', { name: 'your email address', exact: true }).fill(email);
      await sheet.getByRole('button', { name: 'continue' }).click();
    });
  const storedFor = async (email: string) =>
    (await itemsWithPrefix('ANSWER#')).filter((item) => item.email === email);

  it(`refuses answers ${LIMITS.answersPerWindow + 1} of an hour from one address, and stores nothing for them`, async () => {
    await withinOneWindow(LIMITS.answersWindowSeconds, 120);
    const from = freshClientAddress();
    const email = () => `${uniqueId('finder')}@example.com`;
    // A shopper finishing the size finder a few times: the first one in a browser, the rest as
    // the page sends them, all counted for the one address.
    const first = email();
    const walked = await finish(from, first);
    expect(walked.status).toBe(200);
    await walked.page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await storedFor(first)).toHaveLength(1);
    for (let i = 1; i < LIMITS.answersPerWindow; i++) {
      const answer = await api('/answers', {
        method: 'POST',
        from,
        json: {
          typeId: DEMO.womenSized,
          gender: 0,
          email: email(),
          result: { '1': { shortName: 'fit', val: 'skip' } },
        },
      });
      expect(answer.status, answer.text).toBe(200);
    }
    const refused = email();
    const blocked = await finish(from, refused);
    expect(blocked.status).toBe(429);
    await alertSays(blocked.page, MESSAGES.answersTryLater);
    expect(await blocked.page.getByRole('heading', { name: 'Thank you' }).count()).toBe(0);
    expect(await storedFor(refused)).toEqual([]);
    const counters = await itemsWithPrefix(`LIMIT#answers#${from}`);
    expect(counters.map((c) => c.attempts)).toEqual([LIMITS.answersPerWindow]);
    // Another address (another shopper) is not held back.
    expect((await finish(freshClientAddress(), refused)).status).toBe(200);
    expect(await storedFor(refused)).toHaveLength(1);
  }, 240_000);
});
