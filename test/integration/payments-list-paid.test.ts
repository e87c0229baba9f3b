import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentStart } from '#payments/provider.ts';
import { paypalOperations } from '#payments/providers/paypal.ts';
import { stripeOperations } from '#payments/providers/stripe.ts';
import { stripe } from '#payments/providers/stripe-client.ts';
import {
  confirmWithCard,
  type PaymentsHarness,
  startPaymentsHarness,
  waitFor,
} from '../support/payments-harness.ts';

/**
 * The listing of paid payments a restore reconciles with (PaymentOperations.listPaid): the
 * stand-in's list calls in Stripe's and PayPal's own protocols (GET /v1/payment_intents, GET
 * /v1/notifications/webhooks-events), and the shop's real clients listing through them.
 */

let harness: PaymentsHarness;
beforeEach(async () => {
  harness = await startPaymentsHarness();
});
afterEach(async () => {
  await harness?.stop();
});

/** Waits (on the clock, no fixed sleep) until the next whole second: what came before is dated earlier. */
async function nextSecond(): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await waitFor(() => (Math.floor(Date.now() / 1000) > now ? true : undefined), 'the next second');
}

const secretKey = 'sk_test_local_authorise';

async function stripeGet(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${harness.emulator.url}/v1/payment_intents?${query}`, {
    headers: { authorization: `Bearer ${secretKey}` },
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function newIntent(): Promise<Stripe.PaymentIntent> {
  return (await stripe()).paymentIntents.create({ amount: 1_000, currency: 'usd' });
}

const ids = (body: Record<string, unknown>) => (body.data as { id: string }[]).map((i) => i.id);

describe("the stand-in's GET /v1/payment_intents (Stripe's list)", () => {
  it('pages newest first with limit, starting_after and ending_before, and the SDK reads every page', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i += 1) made.push((await newIntent()).id);
    const newestFirst = [...made].reverse();

    const first = await stripeGet('limit=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_intents' });
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 10));
    const second = await stripeGet(`limit=10&starting_after=${newestFirst[9]}`);
    expect(ids(second.body)).toEqual(newestFirst.slice(10, 20));
    expect(second.body.has_more).toBe(true);
    const third = await stripeGet(`limit=10&starting_after=${newestFirst[19]}`);
    expect(ids(third.body)).toEqual(newestFirst.slice(20));
    expect(third.body.has_more).toBe(false);
    const back = await stripeGet(`limit=10&ending_before=${newestFirst[10]}`);
    expect(ids(back.body)).toEqual(newestFirst.slice(0, 10));
    expect(back.body.has_more).toBe(false);
    const backShort = await stripeGet(`limit=5&ending_before=${newestFirst[10]}`);
    expect(ids(backShort.body)).toEqual(newestFirst.slice(5, 10));
    expect(backShort.body.has_more).toBe(true);
    expect(ids((await stripeGet('')).body)).toHaveLength(10);

    const listed: string[] = [];
    for await (const intent of (await stripe()).paymentIntents.list({ limit: 7 })) listed.push(intent.id);
    expect(listed).toEqual(newestFirst);
  });

  it('filters by created: a timestamp, gt, gte, lt, lte', async () => {
    const early = await newIntent();
    await nextSecond();
    const late = await newIntent();
    expect(late.created).toBeGreaterThan(early.created);
    const listed = async (filter: string) => ids((await stripeGet(`${filter}&limit=100`)).body);
    expect(await listed(`created=${early.created}`)).toEqual([early.id]);
    expect(await listed(`created[gte]=${late.created}`)).toEqual([late.id]);
    expect(await listed(`created[gt]=${early.created}`)).toEqual([late.id]);
    expect(await listed(`created[lt]=${late.created}`)).toEqual([early.id]);
    expect(await listed(`created[lte]=${late.created}`)).toEqual([late.id, early.id]);
    expect(await listed(`created[gte]=${early.created}&created[lte]=${early.created}`)).toEqual([early.id]);
    expect(await listed(`created[gt]=${late.created}`)).toEqual([]);
    // The cursor keeps its place outside the range, as Stripe's does.
    expect(await listed(`created[lte]=${early.created}&starting_after=${late.id}`)).toEqual([early.id]);
  });

  it("expands each listed intent's charge and its balance transaction, dated when the money was taken", async () => {
    const held = await (await stripe()).paymentIntents.create({
      amount: 5_000,
      currency: 'usd',
      capture_method: 'manual',
    });
    expect((await confirmWithCard(harness, held, '4242424242424242')).status).toBe(200);
    const listed = await (await stripe()).paymentIntents.list({
      expand: ['data.latest_charge.balance_transaction'],
    });
    const charge = listed.data[0]?.latest_charge as Stripe.Charge;
    expect(charge.object).toBe('charge');
    expect(charge.balance_transaction).toBeNull();
    await (await stripe()).paymentIntents.capture(held.id);
    const again = await (await stripe()).paymentIntents.list({
      expand: ['data.latest_charge.balance_transaction'],
    });
    const capturedCharge = again.data[0]?.latest_charge as Stripe.Charge | undefined;
    const transaction = capturedCharge?.balance_transaction as Stripe.BalanceTransaction;
    expect(transaction).toMatchObject({ object: 'balance_transaction', amount: 5_000, type: 'charge' });
    expect(transaction.created).toBeGreaterThanOrEqual(charge.created);
  });

  it.each([
    ['limit=0', 'limit', undefined],
    ['limit=101', 'limit', undefined],
    ['limit=ten', 'limit', 'parameter_invalid_integer'],
    ['created[gte]=yesterday', 'created[gte]', 'parameter_invalid_integer'],
    ['created[after]=1', 'created[after]', 'parameter_unknown'],
    ['starting_after=pi_none', 'starting_after', 'resource_missing'],
    ['starting_after=pi_a&ending_before=pi_b', 'ending_before', undefined],
    ['expand[]=latest_charge', 'expand', undefined],
    ['status=succeeded', 'status', 'parameter_unknown'],
  ])('answers %s with a 400 invalid_request_error naming %s', async (query, param, code) => {
    await newIntent();
    const answer = await stripeGet(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      param,
      ...(code ? { code } : {}),
    });
  });
});

async function paypalToken(): Promise<string> {
  const answer = await fetch(`${harness.emulator.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('local-client-id:local-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function paypalEvents(
  token: string,
  url: string,
): Promise<{ status: number; body: Record<string, unknown> & { links?: { rel: string; href: string }[] } }> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

let counter = 0;
function startInput(capture: 'now' | 'manual' = 'now', amountCents = 2_500): PaymentStart {
  counter += 1;
  const reference = `ref-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    amountCents,
    currency: 'usd',
    capture,
    description: 'A piece',
    idempotencyKey: `key-${reference}`,
    reference,
    metadata:
      capture === 'now' ? { checkoutCode: reference } : { drawId: 'd1', entryId: reference, pid: 'p1' },
    returnUrl: 'http://shop.local/back',
    cancelUrl: 'http://shop.local/cancel',
  };
}

/** A PayPal purchase started, approved by the buyer and captured: its capture's id. */
async function paypalPaid(
  input = startInput(),
): Promise<{ captureId: string; orderId: string; input: PaymentStart }> {
  const started = await paypalOperations.start(input);
  harness.emulator.paypal.approve(started.paymentRef);
  const confirmed = await paypalOperations.confirm({ id: started.paymentRef, capture: 'now' });
  if (confirmed.outcome !== 'paid') throw new Error(`not paid: ${confirmed.outcome}`);
  return { captureId: confirmed.taken.paymentRef, orderId: started.paymentRef, input };
}

describe("the stand-in's GET /v1/notifications/webhooks-events (PayPal's events list)", () => {
  it('lists the events of a type newest first, page by page through the next links', async () => {
    const captures: string[] = [];
    for (let i = 0; i < 12; i += 1) captures.push((await paypalPaid()).captureId);
    const token = await paypalToken();
    const seen: string[] = [];
    let url: string | undefined =
      `${harness.emulator.url}/v1/notifications/webhooks-events?event_type=PAYMENT.CAPTURE.COMPLETED&page_size=5`;
    const sizes: number[] = [];
    while (url) {
      const page = await paypalEvents(token, url);
      expect(page.status).toBe(200);
      const events = page.body.events as { event_type: string; resource: { id: string } }[];
      expect(page.body.count).toBe(events.length);
      for (const event of events) {
        expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
        seen.push(event.resource.id);
      }
      sizes.push(events.length);
      url = page.body.links?.find((l) => l.rel === 'next')?.href;
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toEqual([...captures].reverse());
  });

  it('keeps the events between start_time and end_time, both inclusive', async () => {
    const early = await paypalPaid();
    await nextSecond();
    const late = await paypalPaid();
    const token = await paypalToken();
    const all = await paypalEvents(
      token,
      `${harness.emulator.url}/v1/notifications/webhooks-events?event_type=PAYMENT.CAPTURE.COMPLETED`,
    );
    const events = all.body.events as { create_time: string; resource: { id: string } }[];
    const lateTime = events.find((e) => e.resource.id === late.captureId)?.create_time ?? '';
    const earlyTime = events.find((e) => e.resource.id === early.captureId)?.create_time ?? '';
    const between = async (query: string) =>
      (
        (
          await paypalEvents(
            token,
            `${harness.emulator.url}/v1/notifications/webhooks-events?event_type=PAYMENT.CAPTURE.COMPLETED&${query}`,
          )
        ).body.events as { resource: { id: string } }[]
      ).map((e) => e.resource.id);
    expect(await between(`start_time=${lateTime}`)).toEqual([late.captureId]);
    expect(await between(`end_time=${earlyTime}`)).toEqual([early.captureId]);
    expect(await between(`start_time=${earlyTime}&end_time=${lateTime}`)).toEqual([
      late.captureId,
      early.captureId,
    ]);
    expect(await between(`transaction_id=${early.captureId}`)).toEqual([early.captureId]);
  });

  it.each([
    ['start_time=yesterday', 'start_time'],
    ['end_time=2026-13-45T99:00:00Z', 'end_time'],
    ['start_time=2026-02-02T00:00:00Z&end_time=2026-02-01T00:00:00Z', 'start_time'],
    ['page_size=0', 'page_size'],
    ['page_size=many', 'page_size'],
  ])('answers %s with a 400 VALIDATION_ERROR naming %s', async (query, field) => {
    const token = await paypalToken();
    const answer = await paypalEvents(
      token,
      `${harness.emulator.url}/v1/notifications/webhooks-events?${query}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ name: 'VALIDATION_ERROR', details: [{ field }] });
  });

  it('answers no token with a 401', async () => {
    const answer = await fetch(`${harness.emulator.url}/v1/notifications/webhooks-events`);
    expect(answer.status).toBe(401);
  });
});

/** A Stripe payment started as the shop starts it and paid with a test card: its intent id. */
async function stripePaid(input = startInput()): Promise<{ id: string; input: PaymentStart }> {
  const started = await stripeOperations.start(input);
  const paid = harness.emulator.stripe.confirmWithCard(started.paymentRef, '4242424242424242');
  expect(paid.status).toBe(200);
  return { id: started.paymentRef, input };
}

describe('stripeOperations.listPaid through the stand-in', () => {
  it('lists exactly the intents whose money was taken in the range, over pages, oldest first', async () => {
    const before = await stripePaid();
    const earlyInput = startInput();
    const early = await stripeOperations.start(earlyInput);
    const drawInput = startInput('manual', 9_000);
    const draw = await stripeOperations.start(drawInput);
    expect(harness.emulator.stripe.confirmWithCard(draw.paymentRef, '4242424242424242').status).toBe(200);
    await nextSecond();
    // The providers date to the second: the range starts on one.
    const since = Math.floor(Date.now() / 1000) * 1000;

    // Created before `since`, paid inside the range: listed.
    expect(harness.emulator.stripe.confirmWithCard(early.paymentRef, '4242424242424242').status).toBe(200);
    const batch: { id: string; input: PaymentStart }[] = [];
    for (let i = 0; i < 103; i += 1) batch.push(await stripePaid());
    const refunded = await stripePaid();
    await stripeOperations.refund({ paymentRef: refunded.id, idempotencyKey: `refund-${refunded.id}` });
    const canceled = await stripeOperations.start(startInput());
    await stripeOperations.cancel({ id: canceled.paymentRef, capture: 'now' });
    await stripeOperations.start(startInput()); // never paid
    const declined = await stripeOperations.start(startInput());
    expect(harness.emulator.stripe.confirmWithCard(declined.paymentRef, '4000000000000002').status).toBe(402);
    const heldOnly = await stripeOperations.start(startInput('manual'));
    expect(harness.emulator.stripe.confirmWithCard(heldOnly.paymentRef, '4242424242424242').status).toBe(200);
    // Authorised before `since`, captured inside the range: its money was taken now.
    expect(await stripeOperations.capture({ id: draw.paymentRef, capture: 'manual' }, 9_000)).toMatchObject({
      outcome: 'captured',
    });
    const until = Date.now();
    await nextSecond();
    const after = await stripePaid();

    const listed = await stripeOperations.listPaid({ since, until });

    const expected = new Map<string, string>([
      [early.paymentRef, earlyInput.reference],
      [draw.paymentRef, drawInput.reference],
      ...batch.map((p) => [p.id, p.input.reference] as [string, string]),
    ]);
    expect(listed).toHaveLength(expected.size);
    expect(new Map(listed.map((p) => [p.paymentRef, p.reference]))).toEqual(expected);
    for (const id of [before.id, after.id, refunded.id, canceled.paymentRef, heldOnly.paymentRef])
      expect(listed.map((p) => p.paymentRef)).not.toContain(id);
    for (const payment of listed) {
      expect(payment.takenAt).toBeGreaterThanOrEqual(since);
      expect(payment.takenAt).toBeLessThanOrEqual(until);
      expect(payment.currency).toBe('usd');
    }
    expect(listed.find((p) => p.paymentRef === draw.paymentRef)?.amountCents).toBe(9_000);
    expect(listed.find((p) => p.paymentRef === early.paymentRef)?.amountCents).toBe(2_500);
    const times = listed.map((p) => p.takenAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The draw's charge is dated before `since` (its authorisation): listed by its capture's time.
    const drawCharge = (
      await (await stripe()).paymentIntents.retrieve(draw.paymentRef, { expand: ['latest_charge'] })
    ).latest_charge as Stripe.Charge;
    expect(drawCharge.created * 1000).toBeLessThan(since);
  });

  it('keeps the reference in the metadata only where the checkout code is not it', async () => {
    const purchase = startInput();
    const started = await stripeOperations.start(purchase);
    const intent = await (await stripe()).paymentIntents.retrieve(started.paymentRef);
    expect(intent.metadata).toEqual({ checkoutCode: purchase.reference });
    const entry = startInput('manual');
    const entryIntent = await (await stripe()).paymentIntents.retrieve(
      (await stripeOperations.start(entry)).paymentRef,
    );
    expect(entryIntent.metadata).toEqual({ ...entry.metadata, reference: entry.reference });
  });
});

describe('paypalOperations.listPaid through the stand-in', () => {
  it('lists exactly the captures completed in the range and not refunded since, over pages, oldest first', async () => {
    const before = await paypalPaid();
    // An order created and approved before `since`, captured inside the range.
    const earlyInput = startInput();
    const early = await paypalOperations.start(earlyInput);
    harness.emulator.paypal.approve(early.paymentRef);
    const drawInput = startInput('manual', 9_000);
    const draw = await paypalOperations.start(drawInput);
    harness.emulator.paypal.approve(draw.paymentRef);
    const authorised = await paypalOperations.confirm({ id: draw.paymentRef, capture: 'manual' });
    expect(authorised.outcome).toBe('authorised');
    await nextSecond();
    // The providers date to the second: the range starts on one.
    const since = Math.floor(Date.now() / 1000) * 1000;

    const earlyPaid = await paypalOperations.confirm({ id: early.paymentRef, capture: 'now' });
    if (earlyPaid.outcome !== 'paid') throw new Error('the early order was not captured');
    const batch: { captureId: string; input: PaymentStart }[] = [];
    for (let i = 0; i < 102; i += 1) batch.push(await paypalPaid());
    const refunded = await paypalPaid();
    await paypalOperations.refund({
      paymentRef: refunded.captureId,
      idempotencyKey: `r-${refunded.captureId}`,
    });
    await paypalOperations.start(startInput()); // never approved
    const approvedOnly = await paypalOperations.start(startInput());
    harness.emulator.paypal.approve(approvedOnly.paymentRef);
    const heldOnly = await paypalOperations.start(startInput('manual'));
    harness.emulator.paypal.approve(heldOnly.paymentRef);
    expect((await paypalOperations.confirm({ id: heldOnly.paymentRef, capture: 'manual' })).outcome).toBe(
      'authorised',
    );
    const captured = await paypalOperations.capture(
      {
        id: draw.paymentRef,
        capture: 'manual',
        ...(authorised.outcome === 'authorised' && authorised.authorizationId
          ? { authorizationId: authorised.authorizationId }
          : {}),
      },
      9_000,
    );
    expect(captured.outcome).toBe('captured');
    const drawCapture = (await paypalOperations.read({ id: draw.paymentRef, capture: 'manual' })).taken;
    const until = Date.now();
    await nextSecond();
    const after = await paypalPaid();

    const listed = await paypalOperations.listPaid({ since, until });

    const expected = new Map<string, string>([
      [earlyPaid.taken.paymentRef, earlyInput.reference],
      ...batch.map((p) => [p.captureId, p.input.reference] as [string, string]),
    ]);
    if (drawCapture) expected.set(drawCapture.paymentRef, drawInput.reference);
    expect(drawCapture).toBeDefined();
    expect(new Map(listed.map((p) => [p.paymentRef, p.reference]))).toEqual(expected);
    expect(listed).toHaveLength(expected.size);
    for (const id of [before.captureId, after.captureId, refunded.captureId])
      expect(listed.map((p) => p.paymentRef)).not.toContain(id);
    for (const payment of listed) {
      expect(payment.takenAt).toBeGreaterThanOrEqual(since);
      expect(payment.takenAt).toBeLessThanOrEqual(until);
      expect(payment).toMatchObject({ currency: 'USD', eventId: `capture:${payment.paymentRef}` });
    }
    expect(listed.find((p) => p.paymentRef === earlyPaid.taken.paymentRef)?.amountCents).toBe(2_500);
    const times = listed.map((p) => p.takenAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
