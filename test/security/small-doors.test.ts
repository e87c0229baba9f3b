import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { checkoutCodeFor } from '#checkout/rules/new-order.ts';
import type { MemberEntity } from '#members/entities/member.ts';
import { unsubscribeLinks } from '#members/members.ts';
import { signLink } from '#platform/signed-links.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout-messages.ts';
import { MEMBER_CONFIRM_PAGE, MEMBER_MESSAGES } from '#shared/membership.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';
import { mailTo } from '../support/stack-env.ts';

/**
 * The smaller doors of issue 36 (point 7), each as an adversary tries it: an old unsubscribe
 * link, an expired one, a Stripe webhook dated an hour ahead, a guessable checkout key. (The
 * reconciliation of many orders at once: test/integration/reconcile-payments.test.ts.)
 */
Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });

const DAY = 86_400_000;
const member = async (email: string) =>
  (await getRaw(`MEMBER#${email}`, '#MEMBER')) as MemberEntity | undefined;
const suppressed = (email: string) => getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED');

const signUp = (email: string) =>
  api('/member', { method: 'POST', json: { email, page: '/world/membership' }, from: freshClientAddress() });

/** Confirms the address's latest sign-up by the link mailed for it. */
async function confirmLatest(email: string): Promise<void> {
  const mails = (await mailTo(email)).filter((m) => m.subject === 'Please confirm your membership');
  const link = new URL(/(http\S+)/.exec(mails.at(-1)?.body.text ?? '')?.[1] ?? 'http://x/');
  expect(link.pathname).toBe(MEMBER_CONFIRM_PAGE);
  const answer = await api('/member/confirm', {
    method: 'POST',
    json: { token: link.searchParams.get('token') ?? '' },
  });
  expect(answer.status, answer.text).toBe(200);
}

async function confirmedMember(): Promise<string> {
  const email = `${uniqueId('door')}@example.com`;
  expect((await signUp(email)).status).toBe(200);
  await confirmLatest(email);
  expect(await member(email)).toMatchObject({ status: 'confirmed', subscription: expect.any(String) });
  return email;
}

/** The token of the unsubscribe link a member's mail sent at `at` carries (the sender's own code). */
async function mailedUnsubscribeToken(email: string, at = new Date()): Promise<string> {
  const m = (await member(email)) as MemberEntity;
  return new URL(unsubscribeLinks(m, at).oneClick).searchParams.get('token') ?? '';
}

/** The RFC 8058 one-click POST of a mail client. */
const oneClick = (token: string) =>
  api(`/member/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('unsubscribe links: for one subscription, for a year', () => {
  it('an old link (from before the member unsubscribed and signed up again) leaves the member subscribed', async () => {
    const email = await confirmedMember();
    const oldToken = await mailedUnsubscribeToken(email);
    // The link works for the subscription it was mailed for…
    expect(await oneClick(oldToken)).toMatchObject({
      status: 200,
      body: { message: MEMBER_MESSAGES.unsubscribed },
    });
    expect(await member(email)).toMatchObject({ status: 'unsubscribed' });
    // …the address signs up again and confirms: a new subscription.
    expect((await signUp(email)).status).toBe(200);
    await confirmLatest(email);
    const renewed = await member(email);
    expect(renewed).toMatchObject({ status: 'confirmed' });
    expect(await suppressed(email)).toBeUndefined();

    // Before: 200, the new subscription unsubscribed by anyone who kept an old mail. Now: 400.
    expect(await oneClick(oldToken)).toMatchObject({
      status: 400,
      body: { message: MEMBER_MESSAGES.unsubscribeOtherMembership },
    });
    // A link in the form mailed before links were bound (no subscription, no expiry): refused too.
    expect((await oneClick(signLink({ p: 'unsubscribe', e: email }))).status).toBe(400);
    expect(await member(email)).toEqual(renewed);
    expect(await suppressed(email)).toBeUndefined();

    // The new subscription's own link still unsubscribes it.
    expect((await oneClick(await mailedUnsubscribeToken(email))).status).toBe(200);
    expect(await member(email)).toMatchObject({ status: 'unsubscribed' });
  });

  it('a link past its year is refused with a clear message (not a 500); an altered expiry is a forgery', async () => {
    const email = await confirmedMember();
    const expired = await mailedUnsubscribeToken(email, new Date(Date.now() - 366 * DAY));
    expect(await oneClick(expired)).toMatchObject({
      status: 400,
      body: { message: MEMBER_MESSAGES.unsubscribeExpired },
    });
    // The same link with its expiry moved on, signature kept: not ours.
    const [body = '', signature = ''] = expired.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { x: number };
    const moved = Buffer.from(JSON.stringify({ ...payload, x: payload.x + 400 * 86_400 })).toString(
      'base64url',
    );
    expect(await oneClick(`${moved}.${signature}`)).toMatchObject({
      status: 400,
      body: { message: MEMBER_MESSAGES.linkInvalid },
    });
    expect(await member(email)).toMatchObject({ status: 'confirmed' });
    // A mail kept 364 days still unsubscribes.
    expect(
      (await oneClick(await mailedUnsubscribeToken(email, new Date(Date.now() - 364 * DAY)))).status,
    ).toBe(200);
    expect(await member(email)).toMatchObject({ status: 'unsubscribed' });
  });
});

const type = typeEntity({ name: 'Small doors test', shippingPrices: { CA: 25 } });
const pieces = Array.from({ length: 2 }, () =>
  productEntity(type, {
    id: uniqueId('p-doors'),
    priceUs: 1200,
    cardNumber: `55${String(Date.now()).slice(-10)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
  }),
);
beforeAll(() => store({ type, products: pieces }));

const emulator = async <T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> => {
  const answer = await fetch(`${inject('paymentsUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as T;
};

describe('a Stripe webhook dated ahead', () => {
  it('is refused even correctly signed, and the order stays unpaid; the same event signed now pays it', async () => {
    const p = pieces[0] as ProductEntity;
    const started = await api<{ client_secret: string; checkoutCode: string }>('/secret', {
      method: 'POST',
      json: checkoutBody(p, newCheckoutKey(), { email: `${uniqueId('ahead')}@example.com` }),
      from: freshClientAddress(),
    });
    expect(started.status, started.text).toBe(200);
    const code = started.body.checkoutCode;
    // The stand-in keeps its own deliveries of this order: only the adversary's reach the shop.
    await emulator('/__emulator/stripe/hold', { match: code });
    const intent = started.body.client_secret.split('_secret_')[0] as string;
    expect(
      await emulator(`/__emulator/stripe/payment_intents/${intent}/confirm`, { card: '4242424242424242' }),
    ).toMatchObject({ status: 'succeeded' });
    const events = await emulator<{
      data: { event: { data: { object: { metadata: { checkoutCode?: string } } } } }[];
    }>('/__emulator/stripe/events?type=payment_intent.succeeded');
    const event = events.data.find((e) => e.event.data.object.metadata.checkoutCode === code)?.event;
    expect(event).toBeDefined();
    const body = JSON.stringify(event, null, 2);
    const deliver = (timestamp: number) =>
      api('/webhooks/stripe', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
            timestamp,
          }),
        },
      });
    const now = Math.floor(Date.now() / 1000);

    // Before: 200, the order paid by a delivery that stays replayable for an hour and 5 minutes.
    for (const ahead of [3600, 310]) {
      const answer = await deliver(now + ahead);
      expect(answer.status, `${ahead} s ahead`).toBe(400);
      expect(answer.body).toHaveProperty('message');
    }
    // Too old (the SDK's own check, kept).
    expect((await deliver(now - 310)).status).toBe(400);
    expect(await getRaw(`ORDER#${code}`, '#ORDER')).toMatchObject({ status: 'pending' });
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).not.toHaveProperty('soldOrder');

    // The very event, signed now (a little skew allowed): the sale completes.
    const ok = await deliver(now + 30);
    expect(ok.status, ok.text).toBe(200);
    expect(await getRaw(`ORDER#${code}`, '#ORDER')).toMatchObject({ status: 'paid' });
    await emulator('/__emulator/stripe/release', { match: code, drop: true });
  });
});

describe('a guessable checkout key', () => {
  const weakKeys = [
    'a'.repeat(32),
    'ab'.repeat(16),
    'k9X'.repeat(10),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef',
    '0123456789abcdefghijkl',
    'Zq81mX0p1234567890aBcD',
  ];

  it('is refused with 400 and its message by every route that takes one, holding nothing', async () => {
    const p = pieces[1] as ProductEntity;
    for (const key of weakKeys) {
      for (const path of ['/secret', '/checkout/hold', '/paypal/orders']) {
        const answer = await api(path, {
          method: 'POST',
          json: checkoutBody(p, key),
          from: freshClientAddress(),
        });
        expect(answer, `${path} ${key}`).toMatchObject({
          status: 400,
          body: { message: CHECKOUT_MESSAGES.weakCheckoutKey },
        });
      }
      const release = await api('/secret/release', { method: 'POST', json: { id: p.id, checkoutKey: key } });
      expect(release).toMatchObject({ status: 400, body: { message: CHECKOUT_MESSAGES.weakCheckoutKey } });
      expect(await getRaw(`ORDER#${checkoutCodeFor(p.id, key)}`, '#ORDER')).toBeUndefined();
    }
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).not.toHaveProperty('holdId');

    // A key as the web makes one (24 random bytes): taken, and released by its owner.
    const key = newCheckoutKey();
    const started = await api('/secret', {
      method: 'POST',
      json: checkoutBody(p, key),
      from: freshClientAddress(),
    });
    expect(started.status, started.text).toBe(200);
    expect(
      (await api('/secret/release', { method: 'POST', json: { id: p.id, checkoutKey: key } })).body,
    ).toMatchObject({ released: true });
  });
});
