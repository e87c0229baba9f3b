import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentStart, paymentProvider } from '#payments/index.ts';
import { paypalAuthorizationState } from '#payments/providers/paypal.ts';
import { confirmWithCard, type PaymentsHarness, startPaymentsHarness } from '../support/payments-harness.ts';

/**
 * The payments interface as a draw calls it (manual capture), against the payments stand-in,
 * for each provider: each provider state is a typed outcome.
 */

const stripe = paymentProvider('stripe');
const paypal = paymentProvider('paypal');
const manual = (id: string, authorizationId?: string) => ({
  id,
  capture: 'manual' as const,
  ...(authorizationId ? { authorizationId } : {}),
});
const entryStart = (overrides: Partial<PaymentStart>): PaymentStart => ({
  amountCents: 310_000,
  currency: 'usd',
  capture: 'manual',
  description: 'Draw entry: Opera coat',
  idempotencyKey: `entry-${Date.now()}-${entries}`,
  reference: `entry-${entries}`,
  metadata: { drawId: 'd-test', entry: `e${entries}` },
  returnUrl: 'https://shop.test/draw/return',
  cancelUrl: 'https://shop.test/draw/cancel',
  ...overrides,
});
const secretOf = (started: Awaited<ReturnType<typeof stripe.start>>) =>
  'clientSecret' in started ? started.clientSecret : '';

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
  const created = await stripe.start(entryStart({}));
  const confirmed = await confirmWithCard(
    harness,
    { id: created.paymentRef, client_secret: secretOf(created) },
    card,
  );
  expect(confirmed.status).toBe(200);
  return created.paymentRef;
}

describe('card holds', () => {
  it('creates one manual-capture intent per idempotency key, unauthorised until the card is confirmed', async () => {
    const input = entryStart({
      amountCents: 120_000,
      description: 'Draw entry',
      metadata: { drawId: 'd-idem' },
      idempotencyKey: `entry-idem-${Date.now()}`,
    });
    const first = await stripe.start(input);
    expect((await stripe.start(input)).paymentRef).toBe(first.paymentRef);
    expect(await stripe.read(manual(first.paymentRef))).toMatchObject({
      status: 'awaiting-payer',
      providerStatus: 'requires_payment_method',
    });
    expect(await stripe.confirm(manual(first.paymentRef))).toEqual({ outcome: 'not-confirmed' });
    expect(await stripe.capture(manual(first.paymentRef), 120_000)).toEqual({
      outcome: 'cannot-capture',
      reason: 'not-authorised',
    });
  });

  it('confirms a hold: authorised for its amount until its 7 days end, by the card and its fingerprint', async () => {
    const before = Date.now();
    const ref = await hold();
    const state = await stripe.read(manual(ref));
    expect(state).toMatchObject({ status: 'authorised', providerStatus: 'requires_capture' });
    expect((state.authorisedUntil ?? 0) - before).toBeGreaterThan(7 * day - 60_000);
    expect((state.authorisedUntil ?? 0) - before).toBeLessThanOrEqual(7 * day + 1_000);
    const confirmed = await stripe.confirm(manual(ref), { drawId: 'd-test' });
    expect(confirmed).toMatchObject({
      outcome: 'authorised',
      amountCents: 310_000,
      payer: { brand: 'visa', last4: '4242' },
    });
    // Another draw's hold is not this entry's authorisation.
    expect(await stripe.confirm(manual(ref), { drawId: 'd-other' })).toEqual({ outcome: 'not-confirmed' });
    const payerOf = async (ref: string) => {
      const answer = await stripe.confirm(manual(ref));
      return answer.outcome === 'authorised' ? answer.payer.fingerprint : undefined;
    };
    const fingerprint = confirmed.outcome === 'authorised' ? confirmed.payer.fingerprint : '';
    expect(await payerOf(await hold('4242424242424242'))).toBe(fingerprint);
    expect(await payerOf(await hold('5555555555554444'))).not.toBe(fingerprint);
  });

  it('captures a hold, then answers already-captured; a captured hold cannot be canceled', async () => {
    const ref = await hold();
    expect(await stripe.capture(manual(ref), 310_000)).toEqual({ outcome: 'captured', amountCents: 310_000 });
    expect(await stripe.capture(manual(ref), 310_000)).toEqual({
      outcome: 'already-captured',
      amountCents: 310_000,
    });
    expect(await stripe.cancel(manual(ref))).toEqual({ outcome: 'cannot-cancel', reason: 'captured' });
  });

  it('cancels a hold, then answers already-canceled; a canceled hold cannot be captured', async () => {
    const ref = await hold();
    expect(await stripe.cancel(manual(ref))).toEqual({ outcome: 'canceled' });
    expect(await stripe.cancel(manual(ref))).toEqual({ outcome: 'already-canceled' });
    expect(await stripe.capture(manual(ref), 310_000)).toEqual({
      outcome: 'cannot-capture',
      reason: 'canceled',
    });
  });

  it('answers failed when Stripe fails the capture, and captured on the next try', async () => {
    const ref = await hold();
    await harness.control('stripe/fail-next', { path: `/v1/payment_intents/${ref}/capture` });
    const failed = await stripe.capture(manual(ref), 310_000);
    expect(failed.outcome).toBe('failed');
    expect((await stripe.read(manual(ref))).status).toBe('authorised');
    expect(await stripe.capture(manual(ref), 310_000)).toEqual({ outcome: 'captured', amountCents: 310_000 });
  });

  it('answers cannot-capture (expired) for a hold past its 7 days', async () => {
    const ref = await hold();
    harness.advance(7 * day + 1_000);
    expect(await stripe.capture(manual(ref), 310_000)).toEqual({
      outcome: 'cannot-capture',
      reason: 'expired',
    });
    expect(await stripe.read(manual(ref))).toMatchObject({ status: 'canceled' });
  });
});

async function authorizeOrder(approve = true) {
  entries += 1;
  const started = await paypal.start(entryStart({}));
  const approveUrl = 'approveUrl' in started ? started.approveUrl : '';
  expect(approveUrl).toContain(started.paymentRef);
  if (approve) harness.emulator.paypal.approve(started.paymentRef);
  return started.paymentRef;
}

async function authorization(): Promise<string> {
  const outcome = await paypal.confirm(manual(await authorizeOrder()));
  if (outcome.outcome !== 'authorised' || !outcome.authorizationId)
    throw new Error(`not authorised: ${outcome.outcome}`);
  return outcome.authorizationId;
}

describe('PayPal authorisations', () => {
  it('authorises only an approved order, and a second confirmation answers the same authorisation', async () => {
    const orderId = await authorizeOrder(false);
    expect(await paypal.confirm(manual(orderId))).toEqual({ outcome: 'not-confirmed' });
    harness.emulator.paypal.approve(orderId);
    const first = await paypal.confirm(manual(orderId));
    expect(first).toMatchObject({
      outcome: 'authorised',
      amountCents: 310_000,
      payer: { brand: 'PayPal', last4: '' },
    });
    if (first.outcome !== 'authorised' || !first.authorizationId) throw new Error('not authorised');
    expect(await paypal.confirm(manual(orderId))).toEqual(first);
    const state = await paypalAuthorizationState(first.authorizationId);
    expect(state).toMatchObject({ status: 'CREATED', amountCents: 310_000, reference: `entry-${entries}` });
    expect(state.expiresAt - Date.now()).toBeGreaterThan(28 * day);
  });

  it('captures an authorisation, then answers already-captured; a captured one cannot be voided', async () => {
    const id = await authorization();
    const ref = manual('unused', id);
    expect(await paypal.capture(ref, 310_000)).toEqual({ outcome: 'captured', amountCents: 310_000 });
    expect(await paypal.capture(ref, 310_000)).toEqual({ outcome: 'already-captured', amountCents: 310_000 });
    expect(await paypal.cancel(ref)).toEqual({ outcome: 'cannot-cancel', reason: 'captured' });
    expect((await paypalAuthorizationState(id)).status).toBe('CAPTURED');
  });

  it('voids an authorisation, then answers already-canceled; a voided one cannot be captured', async () => {
    const id = await authorization();
    const ref = manual('unused', id);
    expect(await paypal.cancel(ref)).toEqual({ outcome: 'canceled' });
    expect(await paypal.cancel(ref)).toEqual({ outcome: 'already-canceled' });
    expect(await paypal.capture(ref, 310_000)).toEqual({ outcome: 'cannot-capture', reason: 'voided' });
  });

  it('voids (authorising first) an approved order given without its authorisation; an unapproved one holds nothing', async () => {
    const approved = await authorizeOrder();
    expect(await paypal.cancel(manual(approved))).toEqual({ outcome: 'canceled' });
    const unapproved = await authorizeOrder(false);
    expect(await paypal.cancel(manual(unapproved))).toEqual({ outcome: 'already-canceled' });
  });

  it('answers cannot-capture (expired) for an authorisation past its 29 days; it holds nothing then', async () => {
    const id = await authorization();
    harness.advance(30 * day);
    const ref = manual('unused', id);
    expect(await paypal.capture(ref, 310_000)).toEqual({ outcome: 'cannot-capture', reason: 'expired' });
    expect(await paypal.cancel(ref)).toEqual({ outcome: 'already-canceled' });
  });
});
