import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';

/**
 * A shopper's own retry keeps their piece: the same checkout key is the same order, hold and
 * payment; a changed form updates them before payment; a cancel gives the piece back at once.
 */
const type = typeEntity({ name: 'Retry test', shippingPrices: { CA: 25 } });
const piece = () => productEntity(type, { id: uniqueId('p-retry'), priceUs: 1200 });
const pieces = Array.from({ length: 8 }, piece);
beforeAll(() => store({ type, products: pieces }));

interface Started {
  status: number;
  checkoutCode: string;
  client_secret: string;
  holdUntil: number;
  amounts: { total: number; discountAmount: number };
  message?: string;
  availableAfter?: number;
}

const form = (p: ProductEntity, checkoutKey: string, extra: Record<string, string> = {}) =>
  checkoutBody({ id: p.id, typeId: type.id }, checkoutKey, extra);

const start = (body: Record<string, string>, from = freshClientAddress()) =>
  api<Started>('/secret', { method: 'POST', json: body, from });

const release = (p: ProductEntity, checkoutKey: string) =>
  api<{ released: boolean }>('/secret/release', { method: 'POST', json: { id: p.id, checkoutKey } });

async function intent(id: string): Promise<{ status: string; amount: number }> {
  const answer = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents/${id}`);
  return (await answer.json()) as { status: string; amount: number };
}

const intentOf = (secret: string) => secret.split('_secret_')[0] as string;
const ordersOf = async (p: ProductEntity) =>
  (await itemsWithPrefix('ORDER#')).filter((o) => o.productId === p.id && o.kind === 'order');

describe('the same checkout key again', () => {
  it('is the same order, hold and payment: a reload never meets its own hold as "sold"', async () => {
    const p = pieces[0] as ProductEntity;
    const key = newCheckoutKey();
    const first = await start(form(p, key));
    expect(first.status, first.text).toBe(200);
    const again = await start(form(p, key));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      checkoutCode: first.body.checkoutCode,
      client_secret: first.body.client_secret,
      holdUntil: first.body.holdUntil,
    });
    expect(await ordersOf(p)).toHaveLength(1);
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({ holdUntil: first.body.holdUntil });
    // Anyone else meets a reserved piece, told apart from a sold one.
    const other = await start(form(p, newCheckoutKey()));
    expect(other).toMatchObject({
      status: 406,
      body: { message: CHECKOUT_MESSAGES.reserved, availableAfter: first.body.holdUntil },
    });
  });

  it('counts a pending start once toward the per-address limit, however often it is retried', async () => {
    const p = pieces[5] as ProductEntity;
    const key = newCheckoutKey();
    const from = freshClientAddress();
    for (let i = 0; i < 12; i++) expect((await start(form(p, key), from)).status).toBe(200);
    expect(await ordersOf(p)).toHaveLength(1);
    expect((await release(p, key)).body).toMatchObject({ released: true });
  });

  it('answers retries sent at once with one order, one hold and one payment', async () => {
    const p = pieces[1] as ProductEntity;
    const key = newCheckoutKey();
    const from = freshClientAddress();
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(form(p, key), from)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length, answers.map((a) => a.text).join('\n')).toBeGreaterThanOrEqual(1);
    // A retry that met its twin's transaction mid-way may be refused as reserved; none says sold.
    for (const a of answers) expect([200, 406]).toContain(a.status);
    expect(answers.every((a) => a.body.message !== CHECKOUT_MESSAGES.alreadySold)).toBe(true);
    expect(new Set(ok.map((a) => a.body.checkoutCode)).size).toBe(1);
    expect(new Set(ok.map((a) => a.body.client_secret)).size).toBe(1);
    expect(await ordersOf(p)).toHaveLength(1);
  });

  it('updates the order and its amount when the form changed, with a new payment (the old one cancelled)', async () => {
    const p = pieces[2] as ProductEntity;
    const key = newCheckoutKey();
    const first = await start(form(p, key));
    expect(first.status, first.text).toBe(200);
    const moved = await start(form(p, key, { email: 'ada.new@example.com', state: 'BC', city: 'Vancouver' }));
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.checkoutCode).toBe(first.body.checkoutCode);
    expect(moved.body.holdUntil).toBe(first.body.holdUntil);
    expect(moved.body.client_secret).not.toBe(first.body.client_secret);
    expect(moved.body.amounts.total).not.toBe(first.body.amounts.total);
    expect((await intent(intentOf(moved.body.client_secret))).amount).toBe(
      Math.round(moved.body.amounts.total * 100),
    );
    expect((await intent(intentOf(first.body.client_secret))).status).toBe('canceled');
    const [order] = await ordersOf(p);
    expect(order).toMatchObject({
      finalPrice: moved.body.amounts.total,
      contact: { email: 'ada.new@example.com' },
    });
  });
});

describe('cancel and leave', () => {
  it('gives the piece back at once with the key, once; another shopper can then buy it', async () => {
    const p = pieces[3] as ProductEntity;
    const key = newCheckoutKey();
    const first = await start(form(p, key));
    expect(first.status, first.text).toBe(200);
    // Another key cannot release it.
    expect((await release(p, newCheckoutKey())).body).toMatchObject({ released: false });
    expect((await start(form(p, newCheckoutKey()))).status).toBe(406);
    expect((await release(p, key)).body).toMatchObject({ released: true });
    expect((await release(p, key)).body).toMatchObject({ released: false });
    const product = await getRaw(`PRODUCT#${p.id}`, '#PRODUCT');
    expect(product?.holdUntil).toBeUndefined();
    // A reload of the released page comes back to the same hold time and the same payment.
    const back = await start(form(p, key));
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({
      checkoutCode: first.body.checkoutCode,
      holdUntil: first.body.holdUntil,
      client_secret: first.body.client_secret,
    });
    expect((await release(p, key)).body).toMatchObject({ released: true });
    const other = await start(form(p, newCheckoutKey()));
    expect(other.status, other.text).toBe(200);
  });

  it('never releases a paid order, and a paid key answers 409 with its order instead of a second payment', async () => {
    const p = pieces[4] as ProductEntity;
    const key = newCheckoutKey();
    const first = await start(form(p, key));
    expect(first.status, first.text).toBe(200);
    const paid = await fetch(
      `${inject('paymentsUrl')}/__emulator/stripe/payment_intents/${intentOf(first.body.client_secret)}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card: '4242424242424242' }),
      },
    );
    expect(paid.status).toBe(200);
    expect((await release(p, key)).body).toMatchObject({ released: false });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await ordersOf(p))[0]?.status !== 'paid')
      await new Promise((r) => setTimeout(r, 100));
    expect((await ordersOf(p))[0]).toMatchObject({ status: 'paid' });
    const again = await start(form(p, key));
    expect(again).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.alreadyPaid, checkoutCode: first.body.checkoutCode },
    });
    expect((await start(form(p, newCheckoutKey()))).body).toMatchObject({
      message: CHECKOUT_MESSAGES.alreadySold,
    });
  });

  it('after a Stripe failure gives the piece back, and the retry asks Stripe again (not its saved 500)', async () => {
    const p = pieces[7] as ProductEntity;
    const key = newCheckoutKey();
    // Stripe answers 500 to this piece's PaymentIntent and saves it under the idempotency key:
    // the client's own retries with the same key meet the same 500.
    const failing = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ path: '/v1/payment_intents', match: p.id, times: 1 }),
    });
    expect(failing.status).toBe(200);
    const failed = await start(form(p, key));
    expect(failed.status, failed.text).toBe(502);
    expect(failed.body.message).toBe(CHECKOUT_MESSAGES.otherFailure);
    expect(failed.text).not.toMatch(/unknown error|stripe/i);
    const product = await getRaw(`PRODUCT#${p.id}`, '#PRODUCT');
    expect(product?.holdUntil).toBeUndefined();
    expect(await ordersOf(p)).toMatchObject([{ status: 'failed', paymentAttempt: 1 }]);

    const retried = await start(form(p, key));
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.checkoutCode).toBe(failed.body.checkoutCode ?? retried.body.checkoutCode);
    expect((await intent(intentOf(retried.body.client_secret))).status).toBe('requires_payment_method');
    expect(await ordersOf(p)).toMatchObject([{ status: 'pending', paymentAttempt: 1 }]);
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({ holdUntil: retried.body.holdUntil });
    // And the same key once more is that same payment.
    const again = await start(form(p, key));
    expect(again.body.client_secret).toBe(retried.body.client_secret);
  });

  it('refuses a start without a key, or with a malformed one, holding nothing', async () => {
    const p = pieces[6] as ProductEntity;
    const { checkoutKey: _, ...noKey } = form(p, 'x');
    expect(await start(noKey)).toMatchObject({
      status: 400,
      body: { message: CHECKOUT_MESSAGES.reloadPage },
    });
    expect((await start(form(p, 'short'))).status).toBe(400);
    expect((await start(form(p, 'k'.repeat(32).replace('k', '/')))).status).toBe(400);
    expect(await ordersOf(p)).toHaveLength(0);
  });
});
