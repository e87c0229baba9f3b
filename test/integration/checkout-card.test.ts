import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';
import { mailTo } from '../support/stack-env.ts';

/** A card purchase over HTTP: the local gateway, the real Stripe SDK, the emulator's signed webhooks. */
const type = typeEntity({ name: 'Card test', shippingPrices: { CA: 40, US: 45, FR: 80 } });
let serial = 0;
const piece = (extra: Partial<ProductEntity> = {}) =>
  productEntity(type, {
    cardNumber: `52${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    priceUs: 1000,
    ...extra,
  });

/** A Toronto checkout of this piece for `email`, with a fresh checkout key. */
const form = (productId: string, email: string, extra: Record<string, string> = {}) =>
  checkoutBody({ id: productId, typeId: type.id }, newCheckoutKey(), { email, ...extra });

async function emulator<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('paymentsUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] as string;

async function orderState(code: string): Promise<string> {
  return ((await api<{ order: { status: string } }>(`/orders/${code}`)).body.order?.status ??
    'none') as string;
}

const pieces = Array.from({ length: 6 }, () => piece());
const sold = piece({ status: 0 });
beforeAll(() => store({ type, products: [...pieces, sold] }));

describe('a card purchase', () => {
  it('computes every amount on the server, holds the piece and sells it when the signed webhook arrives', async () => {
    const [p] = pieces as [ProductEntity];
    const email = `${uniqueId('card')}@example.com`;
    const started = await api<{
      status: number;
      client_secret: string;
      checkoutCode: string;
      amounts: Record<string, number>;
    }>('/secret', {
      method: 'POST',
      json: form(p.id, email, { discountAmount: '99' }),
      from: freshClientAddress(),
    });
    expect(started.status).toBe(200);
    expect(started.body.amounts).toMatchObject({
      productPrice: 1000,
      shippingFee: 40,
      tax: 135.2,
      total: 1175.2,
    });
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({
      status: 1,
      holdId: expect.any(String),
    });
    const code = started.body.checkoutCode;
    expect(await orderState(code)).toBe('pending');

    // What the browser's stand-in for Stripe.js sends: same origin, publishable key, client secret.
    expect(started.body).toMatchObject({
      paymentsMode: 'local',
      publishableKey: expect.stringMatching(/^pk_test_/),
    });
    const confirm = await fetch(
      `${inject('baseUrl')}/__payments/v1/payment_intents/${intentOf(started.body.client_secret)}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: (started.body as unknown as { publishableKey: string }).publishableKey,
          client_secret: started.body.client_secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '4242424242424242',
        }).toString(),
      },
    );
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { status: string }).status).toBe('succeeded');
    await until(async () => (await orderState(code)) === 'paid', 'the order to be paid');
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({ status: 0, soldOrder: code });
    expect(await getRaw(`AUTH#${p.cardNumber}`, '#AUTH')).toMatchObject({ pid: p.id, email });
    await until(async () => (await mailTo(email)).length === 2, 'the two mails');
  });

  it('answers 406 "reserved by another shopper" (and until when) to everyone but the one of 50 shoppers who got the hold', async () => {
    const p = pieces[1] as ProductEntity;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('/secret', {
          method: 'POST',
          json: form(p.id, `shopper${i}@example.com`),
          from: freshClientAddress(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 406);
    expect(refused).toHaveLength(49);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        status: 406,
        message: CHECKOUT_MESSAGES.reserved,
        availableAfter: expect.any(Number),
      });
    }
    expect(await itemsWithPrefix('ORDER#').then((o) => o.filter((x) => x.productId === p.id))).toHaveLength(
      1,
    );
  });

  it('refuses a sold piece with 406, and an incomplete form with the spec messages, holding nothing', async () => {
    expect(
      (await api('/secret', { method: 'POST', json: form(sold.id, 'a@b.co'), from: freshClientAddress() }))
        .status,
    ).toBe(406);
    const p = pieces[2] as ProductEntity;
    const missing = await api('/secret', {
      method: 'POST',
      json: form(p.id, 'a@b.co', { city: '' }),
      from: freshClientAddress(),
    });
    expect(missing).toMatchObject({ status: 400, body: { message: CHECKOUT_MESSAGES.fillAllFields } });
    const noState = await api('/secret', {
      method: 'POST',
      json: form(p.id, 'a@b.co', { state: '' }),
      from: freshClientAddress(),
    });
    expect(noState.body).toEqual({ message: CHECKOUT_MESSAGES.fillAllFields });
    const billing = await api('/secret', {
      method: 'POST',
      json: form(p.id, 'a@b.co', { hasBilling: 'true', nameBilling: 'Ada' }),
      from: freshClientAddress(),
    });
    expect(billing.body).toEqual({ message: CHECKOUT_MESSAGES.fillBilling });
    const badCode = await api('/secret', {
      method: 'POST',
      json: form(p.id, 'a@b.co', { discountCode: 'NOPE' }),
      from: freshClientAddress(),
    });
    expect(badCode.body).toEqual({ message: CHECKOUT_MESSAGES.invalidDiscount });
    expect((await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.holdId).toBeUndefined();
  });

  it('limits checkout starts per client address, answering "something wrong, please contact us!"', async () => {
    const from = freshClientAddress();
    for (let i = 0; i < 10; i++)
      expect((await api('/secret', { method: 'POST', json: form(sold.id, 'a@b.co'), from })).status).toBe(
        406,
      );
    const eleventh = await api('/secret', { method: 'POST', json: form(sold.id, 'a@b.co'), from });
    expect(eleventh).toMatchObject({ status: 429, body: { message: CHECKOUT_MESSAGES.otherFailure } });
  });

  it('one paid order, one record, one set of mails when the webhook is delivered twice and out of order', async () => {
    const p = pieces[3] as ProductEntity;
    const email = `${uniqueId('dup')}@example.com`;
    const started = await api<{ client_secret: string; checkoutCode: string }>('/secret', {
      method: 'POST',
      json: form(p.id, email),
      from: freshClientAddress(),
    });
    const intent = intentOf(started.body.client_secret);
    await emulator(`/__emulator/stripe/payment_intents/${intent}/confirm`, { card: '4242424242424242' });
    await until(async () => (await orderState(started.body.checkoutCode)) === 'paid', 'paid');
    const events = await emulator<{ data: { id: string; event: { data: { object: { id: string } } } }[] }>(
      '/__emulator/stripe/events',
    );
    const mine = events.data.filter((e) => e.event.data.object.id === intent).map((e) => e.id);
    expect(mine.length).toBeGreaterThan(0);
    await emulator('/__emulator/stripe/deliver', { ids: [...mine].reverse() });
    await emulator(`/__emulator/stripe/events/${mine[0]}/redeliver`, {});
    await until(async () => (await mailTo(email)).length >= 2, 'mail');
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailTo(email)).toHaveLength(2);
    expect((await itemsWithPrefix(`AUTH#${p.cardNumber}`)).length).toBe(1);
    expect(await orderState(started.body.checkoutCode)).toBe('paid');
  });

  it('rejects a webhook with a bad signature and changes nothing', async () => {
    const p = pieces[4] as ProductEntity;
    const started = await api<{ client_secret: string; checkoutCode: string }>('/secret', {
      method: 'POST',
      json: form(p.id, 'x@y.co'),
      from: freshClientAddress(),
    });
    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentOf(started.body.client_secret),
          amount_received: 117520,
          currency: 'usd',
          metadata: { checkoutCode: started.body.checkoutCode },
        },
      },
    });
    const answer = await api('/webhooks/stripe', {
      method: 'POST',
      body: forged,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(answer.status).toBe(400);
    expect(await orderState(started.body.checkoutCode)).toBe('pending');
    expect((await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.status).toBe(1);
  });

  it('the browser cannot make an order paid: the order endpoints only read, and a lost webhook is caught up by asking Stripe', async () => {
    const p = pieces[5] as ProductEntity;
    const started = await api<{ client_secret: string; checkoutCode: string }>('/secret', {
      method: 'POST',
      json: form(p.id, 'z@y.co'),
      from: freshClientAddress(),
    });
    const code = started.body.checkoutCode;
    const posted = await api('/orders', {
      method: 'POST',
      json: { checkoutCode: code, id: p.id, amount: 1, shippingFee: 0, status: true },
    });
    expect(posted.body).toEqual({ status: 200, orderStatus: 'pending' });
    const patched = await api('/orders', { method: 'PATCH', json: { checkoutCode: code, id: p.id } });
    expect(patched.body).toEqual({ status: 202, orderStatus: 'pending' });
    expect(
      (await api('/orders', { method: 'PATCH', json: { checkoutCode: code, id: p.id, status: 'paid' } }))
        .status,
    ).toBe(400);
    expect(await orderState(code)).toBe('pending');
    await emulator('/__emulator/stripe/pause', {});
    try {
      await emulator(`/__emulator/stripe/payment_intents/${intentOf(started.body.client_secret)}/confirm`, {
        card: '4242424242424242',
      });
      expect(await orderState(code)).toBe('paid');
      expect((await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.status).toBe(0);
      expect(
        (await api('/orders', { method: 'PATCH', json: { checkoutCode: code, id: p.id } })).body,
      ).toEqual({
        status: 200,
        orderStatus: 'paid',
      });
    } finally {
      await emulator('/__emulator/stripe/resume', {});
    }
  });
});
