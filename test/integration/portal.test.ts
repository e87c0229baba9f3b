import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGIN_CARD_THROTTLE } from '#authenticity/portal.ts';
import type { ImageEntity } from '#catalog/entities/image.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { PICTURE_WIDTHS } from '#shared/media.ts';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal.ts';
import { throttleDelaySeconds } from '#table/rate-limit.ts';
import { sessionItemKey } from '#table/sessions.ts';
import { type ApiAnswer, api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { DEMO_PICTURES_WAIT_MS, waitForDemoPictures } from '../support/jobs.ts';
import { buyWithCard, mailedPassword } from '../support/purchase.ts';
import { mailTo } from '../support/stack-env.ts';

/** The authenticity portal over HTTP: login, the proof, transfer, reset, and its limits. */
const type = typeEntity({ name: 'Portal test', authPortalText: 'Made once, for you.' });
let serial = 0;
const cardNumber = () => `77${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const piece = () => productEntity(type, { cardNumber: cardNumber(), priceUs: 900, name: 'Portal gown' });
const photos = (p: ProductEntity): ImageEntity[] =>
  [1, 2].map((view) => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId: p.id,
    type: 2,
    index: view,
    // Photos the demo catalogue put in the media bucket: the portal signs links to them.
    url: `s3/authenticity/p-aurora-08-${view}.jpg`,
  }));

const pieces = Array.from({ length: 8 }, piece);
const passwords = new Map<string, string>();
const buyer = (p: ProductEntity) => `owner-${p.id}@example.com`;

beforeAll(async () => {
  await store({ type, products: pieces, images: pieces.flatMap(photos) });
  for (const p of pieces) passwords.set(p.id, (await buyWithCard(p, buyer(p))).password);
}, 120_000);

const at = (i: number) => pieces[i] as ProductEntity;
/** The portal's address as the password mails give it, on a line of its own. */
const portalLine = () => `The portal: ${inject('baseUrl')}/authenticity\n`;
const mailText = async (email: string, subject: string) =>
  (await mailTo(email)).filter((m) => m.subject === subject).at(-1)?.body.text ?? '';
const passwordOf = (p: ProductEntity) => passwords.get(p.id) as string;

interface Card {
  status: number;
  id: string;
  name: string;
  email: string;
  authPortalText: string;
  cardNumber: string;
  photos: { id: string; url: string; srcset?: Record<'avif' | 'webp' | 'jpg', string> }[];
}

function logIn(number: string, password: string, from = freshClientAddress()) {
  return api<Card>('/authenticationcard', { method: 'POST', json: { cardNumber: number, password }, from });
}

const cookieOf = (answer: ApiAnswer<unknown>) => {
  const set = answer.headers['set-cookie'];
  return (Array.isArray(set) ? set : [set ?? '']).join('\n');
};
const tokens: string[] = [];
const sessionHeader = (answer: ApiAnswer<unknown>) => {
  const cookie = cookieOf(answer).split(';')[0] as string;
  tokens.push(cookie.slice(cookie.indexOf('=') + 1));
  return { cookie };
};

describe('portal login', () => {
  // The owner's page lists the demo's authenticity photographs: made meanwhile on a first run.
  beforeAll(waitForDemoPictures, DEMO_PICTURES_WAIT_MS);
  it("opens the buyer's record with the mailed password: name, portal text, photos, and an HttpOnly Secure SameSite=Strict session", async () => {
    const p = at(0);
    const spaced = (p.cardNumber as string).replace(/(\d{4})(?=\d)/g, '$1 ');
    const answer = await logIn(spaced, passwordOf(p));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 200,
      id: p.id,
      name: 'Portal gown',
      email: buyer(p),
      authPortalText: 'Made once, for you.',
    });
    expect(answer.body.photos).toHaveLength(2);
    for (const photo of answer.body.photos) {
      expect(photo.url).toContain('X-Amz-Signature=');
      const image = await fetch(photo.url);
      expect(image.status).toBe(200);
      // The demo's authenticity photographs are JPEGs (FF D8 FF).
      expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // Their responsive sets stay private too: every rung of every format a signed link.
      for (const format of ['avif', 'webp', 'jpg'] as const) {
        const candidates = (photo.srcset?.[format] ?? '').split(', ');
        expect(candidates.map((c) => c.split(' ')[1])).toEqual(PICTURE_WIDTHS.map((w) => `${w}w`));
        for (const candidate of candidates) {
          expect(candidate).toMatch(new RegExp(`/\\d+w\\.${format}\\?.*X-Amz-Signature=`));
        }
      }
      const small = (photo.srcset?.avif ?? '').split(', ')[0]?.split(' ')[0] ?? '';
      const variant = await fetch(small);
      expect(variant.status).toBe(200);
      // An AVIF file: an ISO-BMFF 'ftyp' box naming the 'avif' brand.
      const head = Buffer.from(await variant.arrayBuffer())
        .subarray(4, 12)
        .toString('latin1');
      expect(head).toBe('ftypavif');
    }
    const cookie = cookieOf(answer);
    expect(cookie).toMatch(/^__Host-owner=[\w-]{43};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(flag);

    const again = await api<Card>('/authenticationcard', { headers: sessionHeader(answer) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(p.id);
    expect(JSON.stringify(again.body)).not.toContain(passwordOf(p));
  });

  it('answers a wrong password and an unknown card number with the same words, status and work', async () => {
    const p = at(1);
    const answers = [];
    for (let i = 0; i < 2; i++)
      answers.push(
        await logIn(p.cardNumber as string, 'Wrong-password-1'),
        await logIn(cardNumber(), 'Wrong-password-1'),
      );
    // The same DynamoDB requests and one full scrypt check on both paths, so neither answers
    // an order of magnitude sooner (timing itself is not asserted: it swings with the machine).
    const seen = new Set(
      answers.map((a) => `${a.status} ${a.text} ddb=${a.ddbRequests} hashes=${a.passwordHashes}`),
    );
    expect([...seen]).toEqual([
      `401 ${JSON.stringify({ message: PORTAL_MESSAGES.wrongCredentials })} ddb=4 hashes=1`,
    ]);
  });

  it('gives the spec messages for a bad number and a bad password, counting nothing', async () => {
    const from = freshClientAddress();
    const short = await logIn('1234 5678', 'x'.repeat(16), from);
    expect(short).toMatchObject({ status: 400, body: { message: PORTAL_MESSAGES.badNumber } });
    const letters = await logIn('abcd'.repeat(4), 'x'.repeat(16), from);
    expect(letters.body).toEqual({ message: PORTAL_MESSAGES.badNumber });
    const badPassword = await logIn(at(1).cardNumber as string, 'short', from);
    expect(badPassword).toMatchObject({ status: 400, body: { message: PORTAL_MESSAGES.badPassword } });
    expect(await itemsWithPrefix(`LIMIT#portal-login-address#${from}`)).toEqual([]);
  });

  it('slows a card down after ten wrong passwords instead of locking its owner out, and tells the owner', {
    timeout: 120_000,
  }, async () => {
    const p = at(2);
    const card = p.cardNumber as string;
    // The owner's own logins are not counted.
    for (let i = 0; i < 3; i++) expect((await logIn(card, passwordOf(p))).status).toBe(200);
    // A stranger, from many addresses: ten wrong passwords go through at once, the eleventh too.
    for (let i = 0; i < 11; i++) expect((await logIn(card, 'Wrong-password-1')).status).toBe(401);
    const warnings = (await mailTo(buyer(p))).filter(
      (m) => m.subject === 'Failed logins to your authenticity card',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.body.text).toContain('10 times');
    // Now every try waits: a stranger's and, for a few minutes at most, the owner's.
    const stranger = await logIn(card, 'Wrong-password-1');
    expect(stranger).toMatchObject({ status: 429, body: { message: PORTAL_MESSAGES.slowDown } });
    const owner = await logIn(card, passwordOf(p));
    expect(owner).toMatchObject({ status: 429, body: { message: PORTAL_MESSAGES.slowDown } });
    expect(cookieOf(owner)).toBe('');
    const [throttle] = await itemsWithPrefix(`LIMIT#portal-login-card#${card}`);
    expect(throttle?.attempts).toBe(11);
    expect(Number(throttle?.nextTryAt) - Date.now()).toBeLessThanOrEqual(
      PORTAL_LIMITS.loginFirstDelaySeconds * 1000,
    );
    // Once the wait is over, the owner gets in; the success gives its own try back (issue 36:
    // it no longer wipes out the strangers' tries, which stay counted), so the slot it took is
    // open again for the next try.
    await putItems([{ ...throttle, nextTryAt: Date.now() - 1 }]);
    expect((await logIn(card, passwordOf(p))).status).toBe(200);
    const [after] = await itemsWithPrefix(`LIMIT#portal-login-card#${card}`);
    expect(after?.attempts).toBe(11);
    expect((await logIn(card, 'Wrong-password-1')).status).toBe(401);
  });

  it('doubles the wait with every further wrong password, up to five minutes', () => {
    const delays = [10, 11, 12, 13, 14, 15, 16, 40].map((tries) =>
      throttleDelaySeconds(LOGIN_CARD_THROTTLE, tries),
    );
    expect(delays).toEqual([0, 30, 60, 120, 240, 300, 300, 300]);
  });

  it('blocks the 11th wrong try of the day from one address, across cards; right passwords are not counted', {
    timeout: 120_000,
  }, async () => {
    const owner = freshClientAddress();
    for (let i = 0; i < 12; i++)
      expect((await logIn(at(4).cardNumber as string, passwordOf(at(4)), owner)).status).toBe(200);
    expect((await logIn(at(4).cardNumber as string, 'Wrong-password-1', owner)).status).toBe(401);
    const from = freshClientAddress();
    for (let i = 0; i < 10; i++)
      expect((await logIn(cardNumber(), 'Wrong-password-1', from)).status).toBe(401);
    const p = at(3);
    expect(await logIn(p.cardNumber as string, passwordOf(p), from)).toMatchObject({
      status: 429,
      body: { message: PORTAL_MESSAGES.tooManyTries },
    });
    expect((await logIn(p.cardNumber as string, passwordOf(p))).status).toBe(200);
  });

  it('refuses the card page without a session, with a forged token, and after an idle or absolute expiry', async () => {
    expect((await api('/authenticationcard')).status).toBe(401);
    const forged = await api('/authenticationcard', {
      headers: { cookie: `__Host-owner=${'A'.repeat(43)}` },
    });
    expect(forged).toMatchObject({ status: 401, body: { message: PORTAL_MESSAGES.notLoggedIn } });

    const p = at(3);
    const login = await logIn(p.cardNumber as string, passwordOf(p));
    // This login's own session, by its token (another suite's login may be newer).
    const cookie = sessionHeader(login).cookie;
    const key = sessionItemKey(cookie.slice(cookie.indexOf('=') + 1));
    const mine = (await getRaw(key.pk, key.sk)) as Record<string, unknown>;
    expect(mine).toBeDefined();
    await putItems([{ ...mine, idleUntil: Date.now() - 1 }]);
    expect((await api('/authenticationcard', { headers: sessionHeader(login) })).status).toBe(401);
    await putItems([
      { ...mine, idleUntil: Date.now() + 60_000, expiresAt: Math.floor(Date.now() / 1000) - 1 },
    ]);
    expect((await api('/authenticationcard', { headers: sessionHeader(login) })).status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const p = at(3);
    const login = await logIn(p.cardNumber as string, passwordOf(p));
    const logout = await api('/authenticationcard', { method: 'DELETE', headers: sessionHeader(login) });
    expect(logout.status).toBe(200);
    expect(cookieOf(logout)).toContain('Max-Age=0');
    expect((await api('/authenticationcard', { headers: sessionHeader(login) })).status).toBe(401);
  });
});

function transfer(
  session: Record<string, string>,
  body: Record<string, unknown>,
  from = freshClientAddress(),
) {
  return api('/transfer-auth', { method: 'POST', json: body, headers: session, from });
}

describe('ownership transfer', () => {
  it('moves the record to the new email with a new mailed password; the old password and session stop working; history kept', async () => {
    const p = at(4);
    const login = await logIn(p.cardNumber as string, passwordOf(p));
    const session = sessionHeader(login);
    const newOwner = `${uniqueId('new')}@example.com`;
    const done = await transfer(session, {
      cardNumber: p.cardNumber,
      pid: p.id,
      email: newOwner,
      pwd: passwordOf(p),
    });
    expect(done).toMatchObject({ status: 200, body: { status: 200 } });
    expect(cookieOf(done)).toContain('Max-Age=0');

    const newPassword = await mailedPassword(newOwner, 'Portal gown has been transferred to you');
    expect(await mailText(newOwner, 'Portal gown has been transferred to you')).toContain(portalLine());
    expect((await logIn(p.cardNumber as string, passwordOf(p))).status).toBe(401);
    expect((await api('/authenticationcard', { headers: session })).status).toBe(401);
    const theirs = await logIn(p.cardNumber as string, newPassword);
    expect(theirs.status).toBe(200);
    expect(theirs.body.email).toBe(newOwner);
    expect((await mailTo(buyer(p))).some((m) => m.subject === 'Portal gown has been transferred')).toBe(true);

    const record = await getRaw(`AUTH#${p.cardNumber}`, '#AUTH');
    expect(record).toMatchObject({ email: newOwner, transferDateTime: expect.any(String) });
    const history = (await itemsWithPrefix(`AUTH#${p.cardNumber}`)).filter((i) => i.kind === 'transfer');
    expect(history).toEqual([
      expect.objectContaining({ from: buyer(p), to: newOwner, at: record?.transferDateTime, pid: p.id }),
    ]);
    passwords.set(p.id, newPassword);
  });

  it('declines a wrong password with 400 "Transfer declined. Check the password" and bad input with "please input correct information", changing nothing', async () => {
    const p = at(5);
    const session = sessionHeader(await logIn(p.cardNumber as string, passwordOf(p)));
    const before = await getRaw(`AUTH#${p.cardNumber}`, '#AUTH');
    const base = { cardNumber: p.cardNumber, pid: p.id, email: 'next@example.com' };
    const wrong = await transfer(session, { ...base, pwd: 'Wrong-password-1' });
    expect(wrong).toMatchObject({ status: 400, body: { message: PORTAL_MESSAGES.transferDeclined } });
    for (const bad of [
      { ...base, email: 'not-an-email', pwd: passwordOf(p) },
      { ...base, pwd: '' },
      { ...base, email: buyer(p), pwd: passwordOf(p) },
      { ...base, pid: 'someone-else', pwd: passwordOf(p) },
    ]) {
      expect(await transfer(session, bad)).toMatchObject({
        status: 400,
        body: { message: PORTAL_MESSAGES.transferBadInput },
      });
    }
    expect(await getRaw(`AUTH#${p.cardNumber}`, '#AUTH')).toEqual(before);
    expect(await transfer({}, { ...base, pwd: passwordOf(p) })).toMatchObject({ status: 401 });
    const crossSite = await transfer(
      { ...session, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { ...base, pwd: passwordOf(p) },
    );
    expect(crossSite.status).toBe(403);
    expect(await getRaw(`AUTH#${p.cardNumber}`, '#AUTH')).toEqual(before);
  });

  it('blocks the 4th transfer try of the day on a card', async () => {
    const p = at(6);
    const session = sessionHeader(await logIn(p.cardNumber as string, passwordOf(p)));
    const body = { cardNumber: p.cardNumber, pid: p.id, email: 'next@example.com', pwd: 'Wrong-password-1' };
    for (let i = 0; i < 3; i++) expect((await transfer(session, body)).status).toBe(400);
    const fourth = await transfer(session, { ...body, pwd: passwordOf(p) });
    expect(fourth).toMatchObject({ status: 429, body: { message: PORTAL_MESSAGES.tooManyTries } });
    expect(await getRaw(`AUTH#${p.cardNumber}`, '#AUTH')).toMatchObject({ email: buyer(p) });
  });
});

function reset(email: string, number: string, from = freshClientAddress()) {
  return api('/reset-pwd', { method: 'POST', json: { email, cardNumber: number }, from });
}

const RESET_LINK_SUBJECT = 'Reset your authenticity portal password';

/** The token of the latest reset link mailed to `email`. */
async function mailedResetToken(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailTo(email)).filter((m) => m.subject === RESET_LINK_SUBJECT);
    const token = mails.at(-1)?.body.text?.match(/\/authenticity\/reset\?token=([A-Za-z0-9_-]{43})/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link mailed to ${email}`);
}

const confirm = (token: string) => api('/reset-pwd/confirm', { method: 'POST', json: { token } });

describe('password reset', () => {
  it('mails a link; the password changes only when the owner confirms it; the link works once', async () => {
    const p = at(7);
    const card = p.cardNumber as string;
    expect(await reset('nope', card)).toMatchObject({
      status: 400,
      body: { message: PORTAL_MESSAGES.resetWrong },
    });

    const done = await reset(buyer(p).toUpperCase(), card);
    expect(done).toMatchObject({
      status: 200,
      body: { status: 200, message: PORTAL_MESSAGES.resetLinkSent },
    });
    const token = await mailedResetToken(buyer(p));
    // Nothing changed yet: the present password still opens the card.
    expect((await logIn(card, passwordOf(p))).status).toBe(200);

    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: PORTAL_MESSAGES.resetSent } });
    const fresh = await mailedPassword(buyer(p), 'Your new authenticity portal password');
    // Both password mails (the sale's, the reset's) link the portal.
    expect(await mailText(buyer(p), 'Your new authenticity portal password')).toContain(portalLine());
    expect(await mailText(buyer(p), 'Your authenticity portal password')).toContain(portalLine());
    expect(fresh).not.toBe(passwordOf(p));
    expect((await logIn(card, passwordOf(p))).status).toBe(401);
    expect((await logIn(card, fresh)).status).toBe(200);
    passwords.set(p.id, fresh);

    expect(await confirm(token)).toMatchObject({
      status: 400,
      body: { message: PORTAL_MESSAGES.resetLinkInvalid },
    });
    expect((await confirm('A'.repeat(43))).status).toBe(400);
    expect((await confirm('not a token')).status).toBe(400);
    expect((await logIn(card, fresh)).status).toBe(200);
  });

  it('answers the same whether the email and card number match or not, and its limit says nothing either', async () => {
    const p = at(6);
    const card = p.cardNumber as string;
    const from = freshClientAddress();
    const before = (await mailTo('someone@example.com')).length;
    const wrongEmail = await reset('someone@example.com', card, from);
    const unknownCard = await reset(buyer(p), cardNumber(), from);
    for (const answer of [wrongEmail, unknownCard]) {
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 200, message: PORTAL_MESSAGES.resetLinkSent },
      });
    }
    expect((await mailTo('someone@example.com')).length).toBe(before);
    expect((await mailTo(buyer(p))).filter((m) => m.subject === RESET_LINK_SUBJECT)).toEqual([]);
    // A second request for the same card from the same address: "already tried", match or not.
    const again = await reset('someone@example.com', card, from);
    const againRight = await reset(buyer(p), card, from);
    for (const answer of [again, againRight]) {
      expect(answer).toMatchObject({ status: 429, body: { message: PORTAL_MESSAGES.resetAgain } });
    }
    // The stranger's wrong guess spent nothing of the owner's: their own request mails a link.
    expect((await reset(buyer(p), card)).status).toBe(200);
    const token = await mailedResetToken(buyer(p));
    // A link the owner ignores changes nothing; a transfer or another reset would void it.
    expect((await logIn(card, passwordOf(p))).status).toBe(200);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the link is stored.
    expect(JSON.stringify(await itemsWithPrefix('RESET#'))).not.toContain(token);
  });

  it('never lets a record with no email (sold on another platform) be claimed through the portal', async () => {
    const number = cardNumber();
    await putItems([
      {
        pk: `AUTH#${number}`,
        sk: '#AUTH',
        kind: 'authRecord',
        cardNumber: number,
        pid: at(0).id,
        name: 'Elsewhere piece',
        credentialVersion: 1,
        createdAt: new Date().toISOString(),
      },
    ]);
    expect((await reset('claimer@example.com', number)).status).toBe(200);
    expect(await mailTo('claimer@example.com')).toEqual([]);
    expect((await logIn(number, 'Any-password-123')).status).toBe(401);
    expect(await getRaw(`AUTH#${number}`, '#AUTH')).not.toHaveProperty('email');
  });
});

describe('stored secrets', () => {
  it('keeps no portal password and no session token in plaintext anywhere in the table', async () => {
    const everything = JSON.stringify(await itemsWithPrefix(''));
    expect(passwords.size).toBeGreaterThan(0);
    for (const password of passwords.values()) expect(everything).not.toContain(password);
    for (const token of tokens) expect(everything).not.toContain(token);
    const records = (await itemsWithPrefix('AUTH#')).filter((i) => i.kind === 'authRecord' && i.passwordHash);
    for (const record of records) expect(record.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});
