import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { reconcilePayments } from '#checkout/jobs/reconcile-payments.ts';
import { stripe } from '#payments/providers/stripe-client.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { db, getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard, checkoutBody } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The scheduled reconciliation: with the webhook lost and the buyer's tab closed, the sale is
 * still completed (or refunded, when the piece went to someone else) by asking the provider;
 * an unpaid order whose hold ran out is closed with its payment cancelled. Run twice, or beside
 * a late webhook, it changes nothing more.
 */
pointAtLocalStack();

const type = typeEntity({ name: 'Reconciliation test', shippingPrices: { CA: 25 } });
const pieces = Array.from({ length: 6 }, () =>
  productEntity(type, {
    id: uniqueId('p-reconcile'),
    priceUs: 1500,
    cardNumber: `53${String(Date.now()).slice(-10)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
  }),
);
/** Eight pieces for the run that settles many orders at once. */
const many = Array.from({ length: 8 }, () =>
  productEntity(type, {
    id: uniqueId('p-reconcile-many'),
    priceUs: 1500,
    cardNumber: `54${String(Date.now()).slice(-10)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
  }),
);
beforeAll(() => store({ type, products: [...pieces, ...many] }));

const emulator = async (path: string, body?: unknown) => {
  const answer = await fetch(`${inject('paymentsUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as Record<string, unknown>;
};

interface Started {
  checkoutKey: string;
  checkoutCode: string;
  client_secret: string;
  publishableKey: string;
}

/** A card checkout whose webhooks the provider will lose (held, then dropped at the stand-in). */
async function startWithLostWebhooks(p: ProductEntity, email: string): Promise<Started> {
  const checkoutKey = newCheckoutKey();
  const started = await api<Omit<Started, 'checkoutKey'>>('/secret', {
    method: 'POST',
    json: checkoutBody(p, checkoutKey, { email }),
    from: freshClientAddress(),
  });
  expect(started.status, started.text).toBe(200);
  await emulator('/__emulator/stripe/hold', { match: started.body.checkoutCode });
  return { ...started.body, checkoutKey };
}

/** The buyer pays and closes the tab: no success page ever asks about the order. */
async function payAndLeave(started: Started): Promise<void> {
  const intent = started.client_secret.split('_secret_')[0] as string;
  const confirmed = await emulator(`/__emulator/stripe/payment_intents/${intent}/confirm`, {
    card: '4242424242424242',
  });
  expect(confirmed).toMatchObject({ status: 'succeeded' });
  await emulator('/__emulator/stripe/release', { match: started.checkoutCode, drop: true });
}

const order = (code: string) => getRaw(`ORDER#${code}`, '#ORDER');
const product = (p: ProductEntity) => getRaw(`PRODUCT#${p.id}`, '#PRODUCT');
const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject).sort();
const reconcile = (...only: string[]) => reconcilePayments({ only, graceMs: 0 });

/** Moves an order's hold into the past, as if its 15 minutes had gone by. */
async function holdRanOut(p: ProductEntity, code: string): Promise<void> {
  const past = Date.now() - 60_000;
  for (const Key of [
    { pk: `ORDER#${code}`, sk: '#ORDER' },
    { pk: `PRODUCT#${p.id}`, sk: '#PRODUCT' },
  ])
    await db().send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key,
        UpdateExpression: 'SET holdUntil = :past',
        ConditionExpression: 'attribute_exists(holdUntil)',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
}

describe('the payment reconciliation', () => {
  it('completes a paid order whose webhook was lost and whose buyer left, once, with its mails', async () => {
    const p = pieces[0] as ProductEntity;
    const email = `${uniqueId('lost')}@example.com`;
    const started = await startWithLostWebhooks(p, email);
    await payAndLeave(started);
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'pending' });

    // Within its grace the webhook may still come: left alone.
    expect(await reconcilePayments({ only: [started.checkoutCode] })).toMatchObject({
      waiting: 1,
      completed: 0,
    });
    expect(await reconcile(started.checkoutCode)).toMatchObject({ checked: 1, completed: 1, failed: 0 });
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'paid' });
    expect(await product(p)).toMatchObject({ status: 0, soldOrder: started.checkoutCode });
    expect(await subjects(email)).toEqual(['Your authenticity portal password', `Your order: ${p.name}`]);
    expect(await getRaw(`AUTH#${p.cardNumber}`, '#AUTH')).toMatchObject({ pid: p.id, email });

    // Again, and beside the provider's late delivery of the very event: nothing more happens.
    expect(await reconcile(started.checkoutCode)).toMatchObject({
      checked: 0,
      completed: 0,
      needsAttention: 0,
    });
    const events = (await emulator('/__emulator/stripe/events?type=payment_intent.succeeded')) as {
      data: { id: string; event: { data: { object: { metadata: { checkoutCode?: string } } } } }[];
    };
    const succeeded = events.data.find(
      (e) => e.event.data.object.metadata.checkoutCode === started.checkoutCode,
    );
    expect(succeeded).toBeDefined();
    const late = (await emulator(`/__emulator/stripe/events/${succeeded?.id}/redeliver`, {})) as {
      status: number;
    };
    expect(late.status).toBe(200);
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'paid' });
    expect(await subjects(email)).toHaveLength(2);
  });

  it('refunds, with the notice, a lost payment whose piece went to someone else after the hold ran out', async () => {
    const p = pieces[1] as ProductEntity;
    const email = `${uniqueId('resold')}@example.com`;
    const started = await startWithLostWebhooks(p, email);
    await payAndLeave(started);
    await holdRanOut(p, started.checkoutCode);
    const other = `${uniqueId('second')}@example.com`;
    await buyWithCard(p, other);
    expect(await product(p)).toMatchObject({ status: 0 });

    expect(await reconcile(started.checkoutCode)).toMatchObject({ refunded: 1, completed: 0, failed: 0 });
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'refunded' });
    const intent = await (await stripe()).paymentIntents.retrieve(
      started.client_secret.split('_secret_')[0] as string,
    );
    const charge = await (await stripe()).charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: intent.amount_received });
    expect((await mailTo(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/refund/i)]);
    expect(await reconcile(started.checkoutCode)).toMatchObject({ checked: 0, refunded: 0 });
    expect(await mailTo(email)).toHaveLength(1);
    expect((await mailTo(other)).length).toBe(2);
  });

  it('closes an unpaid order whose hold ran out, cancelling its payment so it cannot be paid late', async () => {
    const p = pieces[2] as ProductEntity;
    const started = await startWithLostWebhooks(p, `${uniqueId('unpaid')}@example.com`);
    expect(await reconcile(started.checkoutCode)).toMatchObject({ checked: 1, closed: 0 });
    await holdRanOut(p, started.checkoutCode);
    expect(await reconcile(started.checkoutCode)).toMatchObject({ checked: 1, closed: 1 });
    expect(await order(started.checkoutCode)).toMatchObject({
      status: 'failed',
      paymentClosedAt: expect.any(String),
    });
    const intent = started.client_secret.split('_secret_')[0] as string;
    expect(await emulator(`/__emulator/stripe/payment_intents/${intent}`)).toMatchObject({
      status: 'canceled',
    });
    // Not asked about again; the piece is free for anyone.
    expect(await reconcile(started.checkoutCode)).toMatchObject({ checked: 0 });
    expect(await product(p)).toMatchObject({ status: 1 });
    await emulator('/__emulator/stripe/release', { match: started.checkoutCode, drop: true });
  });

  it('closes a hold that ran out before the pay click (no payment was ever made), and only once it ran out', async () => {
    const p = pieces[5] as ProductEntity;
    const checkoutKey = newCheckoutKey();
    const held = await api<{ checkoutCode: string }>('/checkout/hold', {
      method: 'POST',
      json: checkoutBody(p, checkoutKey, { email: `${uniqueId('left')}@example.com` }),
      from: freshClientAddress(),
    });
    expect(held.status, held.text).toBe(200);
    const code = held.body.checkoutCode;
    expect(await reconcile(code)).toMatchObject({ checked: 0, abandoned: 0 });
    expect(await order(code)).toMatchObject({ status: 'pending' });
    await holdRanOut(p, code);
    expect(await reconcile(code)).toMatchObject({ checked: 0, abandoned: 1, failed: 0 });
    expect(await order(code)).toMatchObject({ status: 'failed', failedAt: expect.any(String) });
    expect((await order(code))?.paymentRef).toBeUndefined();
    // Not closed twice; the piece is free for anyone.
    expect(await reconcile(code)).toMatchObject({ abandoned: 0 });
    expect(await product(p)).toMatchObject({ status: 1 });
  });

  it('sells a released order paid anyway (the tab left, the payment went through): never money without an order', async () => {
    const p = pieces[3] as ProductEntity;
    const email = `${uniqueId('released')}@example.com`;
    const started = await startWithLostWebhooks(p, email);
    // The pagehide beacon released the hold; the payment form, still open, was paid anyway.
    const release = await api<{ released: boolean }>('/secret/release', {
      method: 'POST',
      json: { id: p.id, checkoutKey: started.checkoutKey },
    });
    expect(release.body).toMatchObject({ released: true });
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'failed' });
    await payAndLeave(started);
    expect(await reconcile(started.checkoutCode)).toMatchObject({ completed: 1 });
    expect(await order(started.checkoutCode)).toMatchObject({ status: 'paid' });
    expect(await subjects(email)).toEqual(['Your authenticity portal password', `Your order: ${p.name}`]);
  });

  it('captures and completes a PayPal order the buyer approved and never came back from', async () => {
    const p = pieces[4] as ProductEntity;
    const email = `${uniqueId('pp-left')}@example.com`;
    const started = await api<{ checkoutCode: string; approveUrl: string }>('/paypal/orders', {
      method: 'POST',
      json: checkoutBody(p, newCheckoutKey(), { email }),
      from: freshClientAddress(),
    });
    expect(started.status, started.text).toBe(200);
    await emulator('/__emulator/paypal/hold', { match: started.body.checkoutCode });
    const page = await (await fetch(started.body.approveUrl)).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const approved = await fetch(new URL('/paypal/approve', started.body.approveUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, action: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect(await order(started.body.checkoutCode)).toMatchObject({ status: 'pending' });

    expect(await reconcile(started.body.checkoutCode)).toMatchObject({ completed: 1, failed: 0 });
    expect(await order(started.body.checkoutCode)).toMatchObject({ status: 'paid' });
    expect(await subjects(email)).toEqual(['Your authenticity portal password', `Your order: ${p.name}`]);
    // The capture's webhook, delivered late, is the same completion: nothing more.
    await emulator('/__emulator/paypal/release', { match: started.body.checkoutCode });
    await new Promise((r) => setTimeout(r, 500));
    expect(await subjects(email)).toHaveLength(2);
    expect(await reconcile(started.body.checkoutCode)).toMatchObject({ checked: 0, completed: 0 });
  });

  it('settles many lost payments in one run, each once, beside a second run and the late webhooks', async () => {
    const buyers = many.map((p) => ({ p, email: `${uniqueId('many')}@example.com` }));
    const started: Started[] = [];
    for (const { p, email } of buyers) started.push(await startWithLostWebhooks(p, email));
    for (const s of started) await payAndLeave(s);
    const codes = started.map((s) => s.checkoutCode);

    const begun = Date.now();
    // Two runs at once (a retried scheduled run meeting the next one): each order is completed once.
    const [first, second] = await Promise.all([reconcile(...codes), reconcile(...codes)]);
    const took = Date.now() - begun;
    console.info(`reconciliation of ${codes.length} paid orders (two runs at once): ${took} ms`);
    expect(first.failed + second.failed).toBe(0);
    expect(first.completed + second.completed).toBe(codes.length);
    for (const [i, { p, email }] of buyers.entries()) {
      expect(await order(codes[i] as string)).toMatchObject({ status: 'paid' });
      expect(await product(p)).toMatchObject({ status: 0, soldOrder: codes[i] });
      expect(await subjects(email)).toEqual(['Your authenticity portal password', `Your order: ${p.name}`]);
    }
    // The late webhooks of every one of them, and another run: nothing more.
    const events = (await emulator('/__emulator/stripe/events?type=payment_intent.succeeded')) as {
      data: { id: string; event: { data: { object: { metadata: { checkoutCode?: string } } } } }[];
    };
    const late = events.data.filter((e) => codes.includes(e.event.data.object.metadata.checkoutCode ?? ''));
    expect(late).toHaveLength(codes.length);
    for (const e of late)
      expect(await emulator(`/__emulator/stripe/events/${e.id}/redeliver`, {})).toMatchObject({
        status: 200,
      });
    expect(await reconcile(...codes)).toMatchObject({ checked: 0, completed: 0 });
    await new Promise((r) => setTimeout(r, 500));
    for (const { email } of buyers) expect(await mailTo(email)).toHaveLength(2);
  }, 120_000);
});
