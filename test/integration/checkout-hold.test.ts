import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';

/**
 * POST /checkout/hold, the purchase page's "continue to payment" (Stripe's deferred intent): the
 * piece is held with the server's amounts and no payment exists until the pay click's POST
 * /secret, which finds the same order and hold and creates one PaymentIntent for the server's amount.
 */
const type = typeEntity({ name: 'Hold test', shippingPrices: { CA: 40 } });
let serial = 0;
// Each piece its own authenticity card number: the one sold here must not meet another file's record.
const cardNumber = () => `56${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = Array.from({ length: 7 }, () =>
  productEntity(type, { priceUs: 1000, cardNumber: cardNumber() }),
);
const sold = productEntity(type, { status: 0, cardNumber: cardNumber() });
beforeAll(() => store({ type, products: [...pieces, sold] }));

interface HoldAnswer {
  status: number;
  message?: string;
  availableAfter?: number;
  checkoutCode: string;
  holdUntil: number;
  client_secret?: string;
  publishableKey?: string;
  paymentsMode: string;
  amounts: { total: number } & Record<string, number | string>;
}

const piece = (i: number) => pieces[i] as ProductEntity;
const form = (p: ProductEntity, checkoutKey: string, extra: Record<string, string> = {}) =>
  checkoutBody({ id: p.id, typeId: type.id }, checkoutKey, extra);
const hold = (body: unknown, from = freshClientAddress()) =>
  api<HoldAnswer>('/checkout/hold', { method: 'POST', json: body, from });
const secret = (body: unknown, from = freshClientAddress()) =>
  api<HoldAnswer & { client_secret: string }>('/secret', { method: 'POST', json: body, from });

interface Intent {
  id: string;
  amount: number;
  status: string;
  metadata?: Record<string, string>;
}

/** The PaymentIntents the Stripe stand-in holds for an order. */
async function intentsOf(checkoutCode: string): Promise<Intent[]> {
  const answer = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents`);
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: Intent[] };
  return data.filter((i) => i.metadata?.checkoutCode === checkoutCode);
}

/** The checkout starts counted for a client address (the per-address limit's item). */
async function startsCounted(from: string): Promise<number> {
  const item = await getRaw(`LIMIT#checkout-start#${from}`, '#LIMIT');
  return Number(item?.attempts ?? 0);
}

const ordersOf = async (p: ProductEntity) =>
  (await itemsWithPrefix('ORDER#')).filter((o) => o.productId === p.id && o.kind === 'order');

describe('POST /checkout/hold', () => {
  it('holds the piece with the server amounts and creates no payment; the pay click creates one for that amount', async () => {
    const p = piece(0);
    const key = newCheckoutKey();
    const from = freshClientAddress();
    const held = await hold(form(p, key, { discountAmount: '99' }), from);
    expect(held.status, held.text).toBe(200);
    expect(held.body).toMatchObject({
      checkoutCode: expect.any(String),
      holdUntil: expect.any(Number),
      paymentsMode: 'local',
      amounts: { productPrice: 1000, discountAmount: 0, shippingFee: 40, total: 1175.2, currency: 'USD' },
    });
    expect(held.body).not.toHaveProperty('client_secret');
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({ holdUntil: held.body.holdUntil });
    expect(await intentsOf(held.body.checkoutCode)).toEqual([]);

    // The pay click: the same key and form, from the same shopper.
    const paying = await secret(form(p, key), from);
    expect(paying.status, paying.text).toBe(200);
    expect(paying.body).toMatchObject({
      checkoutCode: held.body.checkoutCode,
      holdUntil: held.body.holdUntil,
      amounts: held.body.amounts,
    });
    const intents = await intentsOf(held.body.checkoutCode);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      id: paying.body.client_secret.split('_secret_')[0],
      amount: Math.round(held.body.amounts.total * 100),
    });
    expect(await ordersOf(p)).toHaveLength(1);
    // A hold and its pay click are one checkout start for the per-address limit.
    expect(await startsCounted(from)).toBe(1);

    // Asked again (a second pay click), the same payment; still one start, one order.
    const again = await secret(form(p, key), from);
    expect(again.body.client_secret).toBe(paying.body.client_secret);
    expect(await intentsOf(held.body.checkoutCode)).toHaveLength(1);
    expect(await startsCounted(from)).toBe(1);
  });

  it('counts a start of another key, and refuses the eleventh start of an address', async () => {
    const from = freshClientAddress();
    expect((await hold(form(piece(1), newCheckoutKey()), from)).status).toBe(200);
    expect(await startsCounted(from)).toBe(1);
    // Another shopper's key from the same address (the piece is held: 406) is another start.
    expect((await hold(form(piece(1), newCheckoutKey()), from)).status).toBe(406);
    expect(await startsCounted(from)).toBe(2);
    for (let i = 2; i < 10; i++) expect((await hold(form(sold, newCheckoutKey()), from)).status).toBe(406);
    expect(await hold(form(sold, newCheckoutKey()), from)).toMatchObject({
      status: 429,
      body: { message: CHECKOUT_MESSAGES.otherFailure },
    });
  });

  it('answers the same key again with the same order and hold, and no payment', async () => {
    const p = piece(2);
    const key = newCheckoutKey();
    const first = await hold(form(p, key));
    expect(first.status, first.text).toBe(200);
    const reload = await hold(form(p, key));
    expect(reload.status, reload.text).toBe(200);
    expect(reload.body).toMatchObject({
      checkoutCode: first.body.checkoutCode,
      holdUntil: first.body.holdUntil,
      amounts: first.body.amounts,
    });
    expect(await ordersOf(p)).toHaveLength(1);
    expect(await intentsOf(first.body.checkoutCode)).toEqual([]);
  });

  it('refuses a second shopper after the hold (406 with when it ends), at the hold and at the pay click', async () => {
    const p = piece(3);
    const held = await hold(form(p, newCheckoutKey()));
    expect(held.status, held.text).toBe(200);
    const stranger = newCheckoutKey();
    for (const answer of [await hold(form(p, stranger)), await secret(form(p, stranger))]) {
      expect(answer).toMatchObject({
        status: 406,
        body: { message: CHECKOUT_MESSAGES.reserved, availableAfter: held.body.holdUntil },
      });
    }
    expect(await hold(form(sold, newCheckoutKey()))).toMatchObject({
      status: 406,
      body: { message: CHECKOUT_MESSAGES.alreadySold },
    });
  });

  it('refuses the pay click of a shopper whose piece went to someone else meanwhile', async () => {
    const p = piece(4);
    const mine = newCheckoutKey();
    expect((await hold(form(p, mine))).status).toBe(200);
    const released = await api('/secret/release', { method: 'POST', json: { id: p.id, checkoutKey: mine } });
    expect(released.body).toMatchObject({ released: true });
    expect((await hold(form(p, newCheckoutKey()))).status).toBe(200);
    expect(await secret(form(p, mine))).toMatchObject({
      status: 406,
      body: { message: CHECKOUT_MESSAGES.reserved },
    });
  });

  it('answers a paid order of the key with its code (409), as POST /secret does', async () => {
    const p = piece(5);
    const key = newCheckoutKey();
    const held = await hold(form(p, key));
    const paying = await secret(form(p, key));
    const intent = paying.body.client_secret.split('_secret_')[0];
    await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents/${intent}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: '4242424242424242' }),
    });
    // The success page's read completes a payment Stripe says succeeded (whether or not the
    // webhook came: another file may pause the stand-in's webhooks meanwhile).
    await until(
      async () =>
        (await api<{ order?: { status: string } }>(`/orders/${held.body.checkoutCode}`)).body.order
          ?.status === 'paid',
      'the order paid',
    );
    for (const answer of [await hold(form(p, key)), await secret(form(p, key))]) {
      expect(answer).toMatchObject({
        status: 409,
        body: { message: CHECKOUT_MESSAGES.alreadyPaid, checkoutCode: held.body.checkoutCode },
      });
    }
    expect(await intentsOf(held.body.checkoutCode)).toHaveLength(1);
  });

  it('refuses bad input with a 400 and a message, never a 5xx', async () => {
    const p = piece(6);
    const good = form(p, newCheckoutKey());
    const { checkoutKey: _key, ...keyless } = good;
    for (const body of [
      {},
      keyless,
      { ...good, id: '' },
      { ...good, checkoutKey: 'short' },
      { ...good, email: 'not an e-mail' },
      { ...good, country: 42 },
      { ...good, paymentType: '7' },
      'a string',
      [good],
    ]) {
      const answer = await hold(body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).not.toHaveProperty('holdId');
    expect((await hold({ ...good, id: 'p-none' })).status).toBe(404);
  });
});
