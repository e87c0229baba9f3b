import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';

/**
 * A payment provider's error never reaches a shopper as it is (Stripe's "No such
 * payment_intent", an invalid key, a rate limit): the shop's own words as a 502, which the
 * API's 5xx alarm counts. (The log with the provider's request id: functions/platform/handler.test.ts.)
 */
const type = typeEntity({ name: 'Provider errors test', shippingPrices: { CA: 25 } });
const pieces = Array.from({ length: 3 }, () =>
  productEntity(type, { id: uniqueId('p-provider'), priceUs: 900 }),
);
beforeAll(() => store({ type, products: pieces }));

const failNext = async (fault: {
  method: string;
  path: string;
  status: number;
  times?: number;
  match?: string;
}) => {
  const answer = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/fail-next`, {
    method: 'POST',
    body: JSON.stringify(fault),
  });
  expect(answer.status).toBe(200);
};

async function started(p: ProductEntity) {
  const answer = await api<{ checkoutCode: string; client_secret: string }>('/secret', {
    method: 'POST',
    json: checkoutBody(p, newCheckoutKey()),
    from: freshClientAddress(),
  });
  expect(answer.status, answer.text).toBe(200);
  return { ...answer.body, intent: answer.body.client_secret.split('_secret_')[0] as string };
}

describe("a payment provider's error", () => {
  it.each([
    [404, 1],
    [401, 1],
    [429, 1],
  ])('Stripe %i on the order read: the shop’s message, never the provider’s', async (status, times) => {
    const p = pieces[status === 404 ? 0 : status === 401 ? 1 : 2] as ProductEntity;
    const { checkoutCode, intent } = await started(p);
    await failNext({ method: 'GET', path: `/v1/payment_intents/${intent}`, status, times });
    const read = await api<{ message: string }>(`/orders/${checkoutCode}`);
    expect(read.status).toBe(502);
    expect(read.body).toEqual({ message: 'something went wrong. please try again later.' });
    expect(read.text).not.toMatch(/payment_intent|pi_|API Key|Too many|stripe/i);
    // The next read, with Stripe answering again, shows the order.
    const again = await api<{ order: { status: string } }>(`/orders/${checkoutCode}`);
    expect(again.status).toBe(200);
    expect(again.body.order.status).toBe('pending');
  });

  it('Stripe 401 at the checkout start: the spec’s "something wrong" and the piece given back', async () => {
    const p = productEntity(type, { id: uniqueId('p-provider-start'), priceUs: 900 });
    await store({ type, products: [p] });
    await failNext({ method: 'POST', path: '/v1/payment_intents', status: 401, match: p.id });
    const answer = await api<{ message: string }>('/secret', {
      method: 'POST',
      json: checkoutBody(p, newCheckoutKey()),
      from: freshClientAddress(),
    });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(CHECKOUT_MESSAGES.otherFailure);
    expect(answer.text).not.toMatch(/API Key/);
    expect((await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.holdUntil).toBeUndefined();
  });
});
