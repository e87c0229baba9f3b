import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal.ts';
import { type Limit, takeAttempt, takeThrottledTry } from '#table/rate-limit.ts';
import { DESKTOP, startBrowser } from '../e2e/support/browser.ts';
import { newAdmin, sessionCookieOf } from '../support/admin.ts';
import { type ApiAnswer, api, freshClientAddress } from '../support/api.ts';
import { getRaw, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard, mailedLink } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * No stranger can keep an owner or the staff out (issue 36, points 1, 2 and the sliding limits
 * of 7). Each probe is what an adversary ran against the shop: before, every one of them kept
 * the owner or the staff out; now the right password from a browser that logged in before gets
 * in whatever strangers do, the owner always has a mailed one-time link, staff are at worst
 * slowed, and successful logins never count.
 */
const type = typeEntity({ name: 'Lockout test' });
let serial = 0;
const cardNumber = () => `55${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = [0, 1, 2].map(() => productEntity(type, { cardNumber: cardNumber(), name: 'Lockout gown' }));
const passwords: string[] = [];
const buyer = (i: number) => `owner-${pieces[i]?.id}@example.com`;
const card = (i: number) => pieces[i]?.cardNumber as string;

beforeAll(async () => {
  await store({ type, products: pieces });
  for (const [i, p] of pieces.entries()) passwords.push((await buyWithCard(p, buyer(i))).password);
}, 120_000);

const WRONG = 'Wrong-password-1';

function setCookies(answer: ApiAnswer<unknown>): string[] {
  const set = answer.headers['set-cookie'];
  return Array.isArray(set) ? set : set ? [set] : [];
}
const cookieValue = (answer: ApiAnswer<unknown>, name: string) =>
  setCookies(answer)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

function portalLogin(number: string, password: string, from: string, device?: string) {
  return api('/authenticationcard', {
    method: 'POST',
    json: { cardNumber: number, password },
    from,
    ...(device ? { headers: { cookie: `__Host-owner-device=${device}` } } : {}),
  });
}

function staffLogin(user: string, pass: string, from: string, device?: string) {
  return api('/admin', {
    method: 'POST',
    json: { user, pass },
    from,
    ...(device ? { headers: { cookie: `__Host-admin-device=${device}` } } : {}),
  });
}

/** The attacker's poll lands just as the slot opens: the wait is over (as if it had waited). */
async function openSlot(pk: string): Promise<void> {
  const throttle = await getRaw(pk, '#THROTTLE');
  if (throttle) await putItems([{ ...throttle, nextTryAt: Date.now() - 1 }]);
}

const attackers = Array.from({ length: 5 }, freshClientAddress);

describe('a stranger polling every slot of a card', () => {
  const browser = startBrowser();
  it('cannot keep the owner out: the right password from a browser that logged in before gets in every time', {
    timeout: 120_000,
  }, async () => {
    const number = card(0);
    const home = freshClientAddress();
    const first = await portalLogin(number, passwords[0] as string, home);
    expect(first.status).toBe(200);
    const device = cookieValue(first, '__Host-owner-device') as string;
    expect(device).toMatch(/^[\w-]{43}$/);
    expect(setCookies(first).find((c) => c.startsWith('__Host-owner-device='))).toMatch(
      /; Path=\/; Max-Age=34560000; HttpOnly; Secure; SameSite=Strict$/,
    );

    // The attacker spends the card's free tries from five addresses…
    for (let i = 0; i <= PORTAL_LIMITS.loginTriesPerDay; i++)
      expect((await portalLogin(number, WRONG, attackers[i % 5] as string)).status).toBe(401);
    // …then, round after round, takes each slot the moment it opens and polls meanwhile, while
    // the owner sends the right password every round (before: 48 tries, 0 logins).
    let ownerLogins = 0;
    for (let round = 0; round < 8; round++) {
      await openSlot(`LIMIT#portal-login-card#${number}`);
      expect((await portalLogin(number, WRONG, attackers[round % 5] as string)).status).toBe(401);
      for (const from of attackers) {
        expect(await portalLogin(number, WRONG, from)).toMatchObject({
          status: 429,
          body: { message: PORTAL_MESSAGES.slowDown },
        });
      }
      const owner = await portalLogin(number, passwords[0] as string, freshClientAddress(), device);
      expect(owner.status, owner.text).toBe(200);
      expect(cookieValue(owner, '__Host-owner')).toMatch(/^[\w-]{43}$/);
      ownerLogins++;
    }
    expect(ownerLogins).toBe(8);
    // A made-up device cookie, or one of another card, is a stranger's: slowed like the others.
    const forged = randomBytes(32).toString('base64url');
    expect((await portalLogin(number, passwords[0] as string, freshClientAddress(), forged)).status).toBe(
      429,
    );
    const elsewhere = await portalLogin(card(1), passwords[1] as string, freshClientAddress());
    const otherDevice = cookieValue(elsewhere, '__Host-owner-device') as string;
    expect(
      (await portalLogin(number, passwords[0] as string, freshClientAddress(), otherDevice)).status,
    ).toBe(429);
    // The owner heard of it, once.
    const warnings = (await mailTo(buyer(0))).filter(
      (m) => m.subject === 'Failed logins to your authenticity card',
    );
    expect(warnings).toHaveLength(1);
  });

  it('cannot keep a fresh browser of the owner out either: the mailed one-time link opens the piece', {
    timeout: 120_000,
  }, async () => {
    const number = card(0);
    const laptop = freshClientAddress();
    await openSlot(`LIMIT#portal-login-card#${number}`);
    expect((await portalLogin(number, WRONG, attackers[0] as string)).status).toBe(401);
    const slowed = await portalLogin(number, passwords[0] as string, laptop);
    expect(slowed).toMatchObject({ status: 429, body: { message: PORTAL_MESSAGES.slowDown } });

    // The same answer for a wrong pair and the right one; only the owner gets a mail.
    const ask = (email: string, from = laptop) =>
      api('/authenticationcard/login-link', { method: 'POST', json: { cardNumber: number, email }, from });
    const wrongPair = await ask('stranger@example.com', freshClientAddress());
    const rightPair = await ask(buyer(0));
    for (const answer of [wrongPair, rightPair])
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 200, message: PORTAL_MESSAGES.loginLinkSent },
      });
    const link = new URL(await mailedLink(buyer(0), 'Your one-time login link'));
    expect(link.pathname).toBe('/authenticity/link');
    const token = link.searchParams.get('token') as string;

    const redeem = (from = laptop) =>
      api('/authenticationcard/login-link/redeem', { method: 'POST', json: { token }, from });
    const opened = await redeem();
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({ status: 200, id: pieces[0]?.id, cardNumber: number });
    const session = sessionCookieOf(opened);
    expect(session).toMatch(/^__Host-owner=[\w-]{43}$/);
    expect((await api('/authenticationcard', { headers: { cookie: session } })).status).toBe(200);
    // Once only.
    expect(await redeem(freshClientAddress())).toMatchObject({
      status: 400,
      body: { message: PORTAL_MESSAGES.loginLinkInvalid },
    });
    // The laptop is now a known device: its password logins go through the strangers' throttle.
    const device = cookieValue(opened, '__Host-owner-device') as string;
    expect((await portalLogin(number, passwords[0] as string, laptop, device)).status).toBe(200);
    // A made-up link opens nothing.
    const made = await api('/authenticationcard/login-link/redeem', {
      method: 'POST',
      json: { token: randomBytes(32).toString('base64url') },
      from: freshClientAddress(),
    });
    expect(made).toMatchObject({ status: 400, body: { message: PORTAL_MESSAGES.loginLinkInvalid } });
  });

  it('offers the one-time link on the page that answers 429, and the link opens the piece (headless Chromium)', {
    timeout: 180_000,
  }, async () => {
    const number = card(2);
    for (let i = 0; i <= PORTAL_LIMITS.loginTriesPerDay; i++)
      expect((await portalLogin(number, WRONG, attackers[i % 5] as string)).status).toBe(401);
    const from = freshClientAddress();
    const page = await browser.open('/authenticity', { clientAddress: from, viewport: DESKTOP });
    await page.getByLabel('card number').fill(number);
    await page.getByLabel('password', { exact: true }).fill(passwords[2] as string);
    await page.getByRole('button', { name: 'open my piece' }).click();
    await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.slowDown }).waitFor();
    await page.getByText(PORTAL_MESSAGES.loginLinkOffer).waitFor();
    await page.getByLabel('email').fill(buyer(2));
    await page.getByRole('button', { name: 'mail me a login link' }).click();
    await page.getByText(PORTAL_MESSAGES.loginLinkSent).waitFor();
    const link = new URL(await mailedLink(buyer(2), 'Your one-time login link'));
    const opened = await browser.open(`${link.pathname}${link.search}`, {
      clientAddress: from,
      viewport: DESKTOP,
    });
    await opened.getByRole('button', { name: 'open my piece' }).click();
    await opened.waitForURL('**/authenticity/showingcard');
    await opened.getByText('Lockout gown').first().waitFor();
  });
});

describe('strangers and the staff', () => {
  it('a stranger polling every slot of an account cannot keep out a browser that logged in before', {
    timeout: 120_000,
  }, async () => {
    const { username, password } = await newAdmin();
    const first = await staffLogin(username, password, freshClientAddress());
    expect(first.status).toBe(200);
    const device = cookieValue(first, '__Host-admin-device') as string;
    expect(device).toMatch(/^[\w-]{43}$/);
    for (let i = 0; i < 10; i++) {
      const answer = await staffLogin(username, 'wrong-password-xyz', attackers[i % 5] as string);
      expect(answer.status).toBe(i <= ADMIN_LIMITS.loginTriesPerAccount ? 401 : 429);
    }
    for (let round = 0; round < 4; round++) {
      await openSlot(`LIMIT#admin-login-account#${username}`);
      expect((await staffLogin(username, 'wrong-password-xyz', attackers[round] as string)).status).toBe(401);
      expect(await staffLogin(username, 'wrong-password-xyz', attackers[4] as string)).toMatchObject({
        status: 429,
        body: { message: ADMIN_MESSAGES.loginSlowed },
      });
      const staff = await staffLogin(username, password, freshClientAddress(), device);
      expect(staff.status, staff.text).toBe(200);
    }
    // Slowed, not locked: a new browser's right password waits minutes at most.
    const [throttle] = [await getRaw(`LIMIT#admin-login-account#${username}`, '#THROTTLE')];
    expect(Number(throttle?.nextTryAt) - Date.now()).toBeLessThanOrEqual(
      ADMIN_LIMITS.loginMaxDelaySeconds * 1000,
    );
  });

  it("five strangers' wrong passwords, then the right one from a new address: the staff member gets in", async () => {
    const { username, password } = await newAdmin();
    for (const from of attackers)
      expect((await staffLogin(username, 'wrong-password-xyz', from)).status).toBe(401);
    const answer = await staffLogin(username, password, freshClientAddress());
    expect(answer.status, answer.text).toBe(200);
  });

  it('successful logins never count: ten in a row from one address, then from new ones, all get in', {
    timeout: 60_000,
  }, async () => {
    const { username, password } = await newAdmin();
    const desk = freshClientAddress();
    for (let i = 0; i < 10; i++) expect((await staffLogin(username, password, desk)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await staffLogin(username, password, freshClientAddress())).status).toBe(200);
  });
});

describe('sliding windows in the table', () => {
  it('a burst across a window boundary gets at most max (fixed windows let 2x through)', async () => {
    pointAtLocalStack();
    const limit: Limit = { name: uniqueId('burst'), max: 10, windowSeconds: 600 };
    const boundary = (Math.floor(Date.now() / 600_000) + 10) * 600_000;
    let allowed = 0;
    for (let i = 0; i < 20; i++) if (await takeAttempt(limit, 'x', boundary - 2000 + i * 10)) allowed++;
    for (let i = 0; i < 20; i++) if (await takeAttempt(limit, 'x', boundary + 1000 + i * 10)) allowed++;
    expect(allowed).toBe(limit.max);
    // A whole window later the allowance is back.
    let later = 0;
    for (let i = 0; i < 12; i++) if (await takeAttempt(limit, 'x', boundary + 601_000 + i)) later++;
    expect(later).toBe(limit.max);
  });

  it("a throttle's free tries do not start again at midnight", async () => {
    pointAtLocalStack();
    const throttle = {
      name: uniqueId('midnight'),
      freeTries: 10,
      firstDelaySeconds: 30,
      maxDelaySeconds: 300,
      windowSeconds: 86_400,
    };
    const midnight = (Math.floor(Date.now() / 86_400_000) + 3) * 86_400_000;
    for (let i = 0; i < 10; i++)
      expect((await takeThrottledTry(throttle, 'card', midnight - 5000 + i)).allowed).toBe(true);
    const after = await takeThrottledTry(throttle, 'card', midnight + 1000);
    expect(after).toMatchObject({ allowed: true, tries: 11 });
    expect((await takeThrottledTry(throttle, 'card', midnight + 2000)).allowed).toBe(false);
  });
});
