import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizePaypalOrder,
  cancelCardHold,
  captureCardHold,
  capturePaypalAuthorization,
  cardHoldState,
  createCardHold,
  createPaypalAuthorizeOrder,
  paypalAuthorizationState,
  voidPaypalAuthorization,
} from '#checkout/index.ts';
import { confirmWithCard, type PaymentsHarness, startPaymentsHarness } from '../support/payments-harness.ts';

/** The adapters a draw calls, against the payments stand-in: each provider state is a typed outcome. */

let harness: PaymentsHarness;
beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const day = 24 * 60 * 60 * 1000;
let entries = 0;

async function hold(card = '4242424242424242') {
  entries += 1;
  const created = await createCardHold({
    amountCents: 310_000,
    currency: 'usd',
    description: 'Draw entry: Opera coat',
    metadata: { drawId: 'd-test', entry: `e${entries}` },
    idempotencyKey: `entry-${Date.now()}-${entries}`,
  });
  const confirmed = await confirmWithCard(
    harness,
    { id: created.paymentRef, client_secret: created.clientSecret },
    card,
  );
  expect(confirmed.status).toBe(200);
  return created.paymentRef;
}

describe('card holds', () => {
  it('creates one manual-capture intent per idempotency key, unauthorised until the card is confirmed', async () => {
    const input = {
      amountCents: 120_000,
      currency: 'usd',
      description: 'Draw entry',
      metadata: { drawId: 'd-idem' },
      idempotencyKey: `entry-idem-${Date.now()}`,
    };
    const first = await createCardHold(input);
    expect((await createCardHold(input)).paymentRef).toBe(first.paymentRef);
    const state = await cardHoldState(first.paymentRef);
    expect(state).toMatchObject({ status: 'requires_payment_method', capturableCents: 0 });
    expect(state.card).toBeUndefined();
    expect(await captureCardHold(first.paymentRef)).toEqual({
      outcome: 'cannot-capture',
      reason: 'not-authorised',
    });
  });

  it("reads a hold's state: requires_capture, what is capturable until when, the card and its fingerprint", async () => {
    const before = Date.now();
    const ref = await hold();
    const state = await cardHoldState(ref);
    expect(state).toMatchObject({
      status: 'requires_capture',
      capturableCents: 310_000,
      receivedCents: 0,
      currency: 'usd',
      metadata: { drawId: 'd-test' },
      card: { brand: 'visa', last4: '4242', expMonth: 12 },
    });
    expect((state.captureBefore ?? 0) - before).toBeGreaterThan(7 * day - 60_000);
    expect((state.captureBefore ?? 0) - before).toBeLessThanOrEqual(7 * day + 1_000);
    const same = await cardHoldState(await hold('4242424242424242'));
    const other = await cardHoldState(await hold('5555555555554444'));
    expect(same.card?.fingerprint).toBe(state.card?.fingerprint);
    expect(other.card?.fingerprint).not.toBe(state.card?.fingerprint);
  });

  it('captures a hold, then answers already-captured; a captured hold cannot be canceled', async () => {
    const ref = await hold();
    expect(await captureCardHold(ref)).toEqual({ outcome: 'captured', amountCents: 310_000 });
    expect(await captureCardHold(ref)).toEqual({ outcome: 'already-captured', amountCents: 310_000 });
    expect(await cancelCardHold(ref)).toEqual({ outcome: 'cannot-cancel', reason: 'captured' });
  });

  it('cancels a hold, then answers already-canceled; a canceled hold cannot be captured', async () => {
    const ref = await hold();
    expect(await cancelCardHold(ref)).toEqual({ outcome: 'canceled' });
    expect(await cancelCardHold(ref)).toEqual({ outcome: 'already-canceled' });
    expect(await captureCardHold(ref)).toEqual({ outcome: 'cannot-capture', reason: 'canceled' });
  });

  it('answers failed when Stripe fails the capture, and captured on the next try', async () => {
    const ref = await hold();
    await harness.control('stripe/fail-next', { path: `/v1/payment_intents/${ref}/capture` });
    const failed = await captureCardHold(ref);
    expect(failed.outcome).toBe('failed');
    expect((await cardHoldState(ref)).status).toBe('requires_capture');
    expect(await captureCardHold(ref)).toEqual({ outcome: 'captured', amountCents: 310_000 });
  });

  it('answers cannot-capture (expired) for a hold past its 7 days', async () => {
    const ref = await hold();
    harness.advance(7 * day + 1_000);
    expect(await captureCardHold(ref)).toEqual({ outcome: 'cannot-capture', reason: 'expired' });
    expect(await cardHoldState(ref)).toMatchObject({ status: 'canceled', cancellationReason: 'automatic' });
  });
});

async function authorizeOrder(approve = true) {
  entries += 1;
  const { orderId, approveUrl } = await createPaypalAuthorizeOrder({
    reference: `entry-${entries}`,
    amountCents: 310_000,
    description: 'Draw entry: Opera coat',
    returnUrl: 'https://shop.test/draw/return',
    cancelUrl: 'https://shop.test/draw/cancel',
    requestId: `entry-${Date.now()}-${entries}`,
  });
  expect(approveUrl).toContain(orderId);
  if (approve) harness.emulator.paypal.approve(orderId);
  return orderId;
}

async function authorization(): Promise<string> {
  const outcome = await authorizePaypalOrder(await authorizeOrder());
  if (outcome.outcome !== 'authorized') throw new Error(`not authorized: ${outcome.outcome}`);
  return outcome.authorizationId;
}

describe('PayPal authorisations', () => {
  it('authorises only an approved order, and a second authorise answers the same authorisation', async () => {
    const orderId = await authorizeOrder(false);
    expect(await authorizePaypalOrder(orderId)).toEqual({ outcome: 'not-approved' });
    harness.emulator.paypal.approve(orderId);
    const first = await authorizePaypalOrder(orderId);
    expect(first).toMatchObject({ outcome: 'authorized', amountCents: 310_000, currency: 'USD' });
    if (first.outcome !== 'authorized') return;
    expect(first.expiresAt - Date.now()).toBeGreaterThan(28 * day);
    expect(await authorizePaypalOrder(orderId)).toEqual({ ...first, outcome: 'already-authorized' });
    expect(await paypalAuthorizationState(first.authorizationId)).toMatchObject({
      status: 'CREATED',
      amountCents: 310_000,
      reference: `entry-${entries}`,
    });
  });

  it('captures an authorisation, then answers already-captured; a captured one cannot be voided', async () => {
    const id = await authorization();
    const captured = await capturePaypalAuthorization(id);
    expect(captured).toMatchObject({ outcome: 'captured', amountCents: 310_000, currency: 'USD' });
    expect(await capturePaypalAuthorization(id)).toEqual({ outcome: 'already-captured' });
    expect(await voidPaypalAuthorization(id)).toEqual({ outcome: 'cannot-void', reason: 'captured' });
    expect((await paypalAuthorizationState(id)).status).toBe('CAPTURED');
  });

  it('voids an authorisation, then answers already-voided; a voided one cannot be captured', async () => {
    const id = await authorization();
    expect(await voidPaypalAuthorization(id)).toEqual({ outcome: 'voided' });
    expect(await voidPaypalAuthorization(id)).toEqual({ outcome: 'already-voided' });
    expect(await capturePaypalAuthorization(id)).toEqual({ outcome: 'cannot-capture', reason: 'voided' });
  });

  it('answers cannot-capture (expired) for an authorisation past its 29 days', async () => {
    const id = await authorization();
    harness.advance(30 * day);
    expect(await capturePaypalAuthorization(id)).toEqual({ outcome: 'cannot-capture', reason: 'expired' });
    expect(await voidPaypalAuthorization(id)).toEqual({ outcome: 'cannot-void', reason: 'expired' });
  });
});
