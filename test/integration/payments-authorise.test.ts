import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiError, CheckoutPaymentIntent } from '@paypal/paypal-server-sdk';
import type Stripe from 'stripe';
import StripeSdk from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypal, verifyPaypalWebhook } from '#payments/providers/paypal-client.ts';
import { stripe } from '#payments/providers/stripe-client.ts';
import { startPaymentsEmulator } from '../../infra/local/payments/emulator.ts';
import {
  confirmWithCard,
  harnessWebhookSecret,
  type PaymentsHarness,
  startPaymentsHarness,
  waitFor,
} from '../support/payments-harness.ts';

/**
 * Authorise now, capture later, through the payments stand-in and the real SDKs: Stripe's
 * manual-capture holds and card fingerprints, PayPal's AUTHORIZE orders and their authorisations.
 */

let harness: PaymentsHarness;
beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const day = 24 * 60 * 60 * 1000;

async function heldIntent(card = '4242424242424242', amount = 240_000) {
  const intent = await (await stripe()).paymentIntents.create({
    amount,
    currency: 'usd',
    capture_method: 'manual',
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    metadata: { entry: `e-${Math.random().toString(36).slice(2)}` },
  });
  const confirmed = await confirmWithCard(harness, intent, card);
  expect(confirmed.status).toBe(200);
  return intent;
}

/** The Stripe events the receiver got for an object, oldest first. */
function stripeEvents(objectId: string): Stripe.Event[] {
  return harness.received
    .filter((d) => d.path === '/webhooks/stripe')
    .map((d) => JSON.parse(d.raw) as Stripe.Event)
    .filter((e) => (e.data.object as { id: string }).id === objectId);
}

async function unexpectedState(call: Promise<unknown>) {
  const error = (await call.catch((e: unknown) => e)) as { type: string; statusCode: number; code: string };
  expect(error).toMatchObject({
    type: 'StripeInvalidRequestError',
    statusCode: 400,
    code: 'payment_intent_unexpected_state',
  });
  return error;
}

describe('Stripe manual capture through the stand-in', () => {
  it('authorises a card without taking it: requires_capture, a 7-day hold, and a signed amount_capturable_updated webhook', async () => {
    const before = Math.floor(Date.now() / 1000);
    const intent = await heldIntent();
    const held = await (await stripe()).paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(held).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 240_000,
      amount_received: 0,
    });
    const charge = held.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ captured: false, amount_captured: 0, status: 'succeeded' });
    const captureBefore = charge.payment_method_details?.card?.capture_before ?? 0;
    expect(captureBefore - before).toBeGreaterThanOrEqual(7 * 86_400);
    expect(captureBefore - before).toBeLessThan(7 * 86_400 + 60);

    const delivery = await waitFor(
      () =>
        harness.received.find(
          (d) => d.raw.includes('payment_intent.amount_capturable_updated') && d.raw.includes(intent.id),
        ),
      'the amount_capturable_updated webhook',
    );
    const event = (await stripe()).webhooks.constructEvent(
      delivery.raw,
      String(delivery.headers['stripe-signature']),
      harnessWebhookSecret,
    );
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect(event.data.object).toMatchObject({
      id: intent.id,
      status: 'requires_capture',
      amount_capturable: 240_000,
    });
    expect(stripeEvents(intent.id).map((e) => e.type)).not.toContain('payment_intent.succeeded');
  });

  it('captures once (succeeded, charge.captured and payment_intent.succeeded); a second capture is refused', async () => {
    const intent = await heldIntent();
    const captured = await (await stripe()).paymentIntents.capture(intent.id);
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 240_000, amount_capturable: 0 });
    const charge = await (await stripe()).charges.retrieve(String(captured.latest_charge));
    expect(charge).toMatchObject({ captured: true, amount_captured: 240_000 });
    await waitFor(
      () => (stripeEvents(intent.id).some((e) => e.type === 'payment_intent.succeeded') ? true : undefined),
      'payment_intent.succeeded',
    );
    await waitFor(
      () =>
        harness.received.some((d) => d.raw.includes('"charge.captured"') && d.raw.includes(charge.id))
          ? true
          : undefined,
      'charge.captured',
    );

    const again = await unexpectedState((await stripe()).paymentIntents.capture(intent.id));
    expect(String((again as unknown as Error).message)).toContain('status of succeeded');
    expect((await (await stripe()).paymentIntents.retrieve(intent.id)).amount_received).toBe(240_000);
  });

  it('captures part of a hold (the rest released) and refuses more than is capturable', async () => {
    const intent = await heldIntent();
    await expect(
      (await stripe()).paymentIntents.capture(intent.id, { amount_to_capture: 240_001 }),
    ).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount_to_capture' });
    const captured = await (await stripe()).paymentIntents.capture(intent.id, { amount_to_capture: 200_000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 200_000 });
    const charge = await (await stripe()).charges.retrieve(String(captured.latest_charge));
    expect(charge).toMatchObject({ amount_captured: 200_000, amount_refunded: 40_000 });
  });

  it('cancels a hold (canceled, the charge released, payment_intent.canceled); a capture after it is refused', async () => {
    const intent = await heldIntent();
    const canceled = await (await stripe()).paymentIntents.cancel(intent.id);
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    const charge = await (await stripe()).charges.retrieve(String(canceled.latest_charge));
    expect(charge).toMatchObject({ captured: false, refunded: true, amount_refunded: 240_000 });
    await waitFor(
      () => (stripeEvents(intent.id).some((e) => e.type === 'payment_intent.canceled') ? true : undefined),
      'payment_intent.canceled',
    );
    await unexpectedState((await stripe()).paymentIntents.capture(intent.id));
    await unexpectedState((await stripe()).paymentIntents.cancel(intent.id));
  });

  it('refuses to confirm a held intent again', async () => {
    const intent = await heldIntent();
    const again = await confirmWithCard(harness, intent, '4242424242424242');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('lets a hold be captured until its 7 days are over, and not after (canceled automatically, charge.expired)', async () => {
    const early = await heldIntent();
    const late = await heldIntent();
    harness.advance(7 * day - 60_000);
    expect((await (await stripe()).paymentIntents.capture(early.id)).status).toBe('succeeded');
    harness.advance(120_000);
    await unexpectedState((await stripe()).paymentIntents.capture(late.id));
    const lapsed = await (await stripe()).paymentIntents.retrieve(late.id);
    expect(lapsed).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
      amount_capturable: 0,
    });
    await waitFor(
      () =>
        harness.received.some((d) => d.raw.includes('"charge.expired"') && d.raw.includes(late.id))
          ? true
          : undefined,
      'charge.expired',
    );
  });

  it('gives every card a fingerprint: the same for the same number, another for another number', async () => {
    const fingerprintOf = async (card: string) => {
      const intent = await heldIntent(card);
      const read = await (await stripe()).paymentIntents.retrieve(intent.id, {
        expand: ['payment_method', 'latest_charge'],
      });
      const method = read.payment_method as Stripe.PaymentMethod;
      const charge = read.latest_charge as Stripe.Charge;
      expect(charge.payment_method_details?.card?.fingerprint).toBe(method.card?.fingerprint);
      const fetched = await (await stripe()).paymentMethods.retrieve(method.id);
      expect(fetched.card?.fingerprint).toBe(method.card?.fingerprint);
      return method.card;
    };
    const first = await fingerprintOf('4242424242424242');
    const second = await fingerprintOf('4242 4242 4242 4242');
    const other = await fingerprintOf('5555555555554444');
    expect(first?.fingerprint).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(second?.fingerprint).toBe(first?.fingerprint);
    expect(other?.fingerprint).not.toBe(first?.fingerprint);
    expect(first).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    expect(other).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it('fails the next capture of one intent on the fault switch, leaving the hold to capture after', async () => {
    const intent = await heldIntent();
    const other = await heldIntent();
    const armed = await harness.control('stripe/fail-next', {
      path: `/v1/payment_intents/${intent.id}/capture`,
    });
    expect(armed.status).toBe(200);
    await expect((await stripe()).paymentIntents.capture(intent.id)).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    expect((await (await stripe()).paymentIntents.retrieve(intent.id)).status).toBe('requires_capture');
    expect((await (await stripe()).paymentIntents.capture(other.id)).status).toBe('succeeded');
    expect((await (await stripe()).paymentIntents.capture(intent.id)).status).toBe('succeeded');
  });

  it('still captures an automatic intent at confirm, as checkout uses it', async () => {
    const intent = await (await stripe()).paymentIntents.create({ amount: 90_000, currency: 'usd' });
    const confirmed = await confirmWithCard(harness, intent, '4242424242424242');
    expect(confirmed.body).toMatchObject({
      status: 'succeeded',
      amount_received: 90_000,
      amount_capturable: 0,
    });
    await unexpectedState((await stripe()).paymentIntents.capture(intent.id));
  });
});

async function approvedAuthorizeOrder(value = '1800.00') {
  const { result: order } = await (await paypal()).orders.createOrder({
    body: {
      intent: CheckoutPaymentIntent.Authorize,
      purchaseUnits: [{ customId: 'entry-1', amount: { currencyCode: 'USD', value } }],
      applicationContext: { returnUrl: 'https://shop.test/return', cancelUrl: 'https://shop.test/cancel' },
    },
  });
  expect(order).toMatchObject({ intent: 'AUTHORIZE', status: 'CREATED' });
  harness.emulator.paypal.approve(order.id ?? '');
  return order.id ?? '';
}

async function paypalIssue(call: Promise<unknown>): Promise<string | undefined> {
  const error = (await call.catch((e: unknown) => e)) as ApiError<{ details?: { issue: string }[] }>;
  expect(error.statusCode).toBe(422);
  return error.result?.details?.[0]?.issue;
}

async function paypalEvent(type: string, resourceId: string) {
  const delivery = await waitFor(
    () =>
      harness.received.find(
        (d) => d.path === '/webhooks/paypal' && d.raw.includes(`"${type}"`) && d.raw.includes(resourceId),
      ),
    type,
  );
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
  expect(await verifyPaypalWebhook(headers, delivery.raw)).toBe(true);
  return JSON.parse(delivery.raw) as { event_type: string; resource: Record<string, unknown> };
}

describe('PayPal authorisations through the stand-in', () => {
  it('authorises an approved AUTHORIZE order, captures the authorisation once, with their webhooks', async () => {
    const orderId = await approvedAuthorizeOrder();
    const { result: authorized } = await (await paypal()).orders.authorizeOrder({ id: orderId });
    expect(authorized.status).toBe('COMPLETED');
    const authorization = authorized.purchaseUnits?.[0]?.payments?.authorizations?.[0];
    expect(authorization).toMatchObject({
      status: 'CREATED',
      amount: { currencyCode: 'USD', value: '1800.00' },
    });
    const expires = Date.parse(authorization?.expirationTime ?? '');
    expect(expires - Date.now()).toBeGreaterThan(28 * day);
    const id = authorization?.id ?? '';
    const created = await paypalEvent('PAYMENT.AUTHORIZATION.CREATED', id);
    expect(created.resource).toMatchObject({ id, status: 'CREATED' });

    const { result: capture } = await (await paypal()).payments.captureAuthorizedPayment({
      authorizationId: id,
    });
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { value: '1800.00' }, customId: 'entry-1' });
    const completed = await paypalEvent('PAYMENT.CAPTURE.COMPLETED', capture.id ?? '');
    expect(completed.resource).toMatchObject({
      supplementary_data: { related_ids: { order_id: orderId, authorization_id: id } },
    });
    const { result: read } = await (await paypal()).payments.getAuthorizedPayment({ authorizationId: id });
    expect(read.status).toBe('CAPTURED');
    const { result: order } = await (await paypal()).orders.getOrder({ id: orderId });
    expect(order.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.status).toBe('CAPTURED');

    expect(
      await paypalIssue((await paypal()).payments.captureAuthorizedPayment({ authorizationId: id })),
    ).toBe('AUTHORIZATION_ALREADY_CAPTURED');
    expect(await paypalIssue((await paypal()).payments.voidPayment({ authorizationId: id }))).toBe(
      'PREVIOUSLY_CAPTURED',
    );
  });

  it('voids an authorisation (VOIDED, its webhook); a capture after it is refused', async () => {
    const orderId = await approvedAuthorizeOrder('950.00');
    const { result } = await (await paypal()).orders.authorizeOrder({ id: orderId });
    const id = result.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.id ?? '';
    await (await paypal()).payments.voidPayment({ authorizationId: id });
    const { result: read } = await (await paypal()).payments.getAuthorizedPayment({ authorizationId: id });
    expect(read.status).toBe('VOIDED');
    await paypalEvent('PAYMENT.AUTHORIZATION.VOIDED', id);
    expect(
      await paypalIssue((await paypal()).payments.captureAuthorizedPayment({ authorizationId: id })),
    ).toBe('AUTHORIZATION_VOIDED');
    expect(await paypalIssue((await paypal()).payments.voidPayment({ authorizationId: id }))).toBe(
      'PREVIOUSLY_VOIDED',
    );
  });

  it('authorises only an approved AUTHORIZE order, once; such an order is not captured directly', async () => {
    const { result: order } = await (await paypal()).orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Authorize,
        purchaseUnits: [{ amount: { currencyCode: 'USD', value: '500.00' } }],
      },
    });
    const id = order.id ?? '';
    expect(await paypalIssue((await paypal()).orders.authorizeOrder({ id }))).toBe('ORDER_NOT_APPROVED');
    harness.emulator.paypal.approve(id);
    expect(await paypalIssue((await paypal()).orders.captureOrder({ id }))).toBe(
      'ACTION_DOES_NOT_MATCH_INTENT',
    );
    await (await paypal()).orders.authorizeOrder({ id });
    expect(await paypalIssue((await paypal()).orders.authorizeOrder({ id }))).toBe(
      'ORDER_ALREADY_AUTHORIZED',
    );
  });

  it('refuses to capture an authorisation past its 29 days', async () => {
    const orderId = await approvedAuthorizeOrder('700.00');
    const { result } = await (await paypal()).orders.authorizeOrder({ id: orderId });
    const id = result.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.id ?? '';
    harness.advance(30 * day);
    expect(
      await paypalIssue((await paypal()).payments.captureAuthorizedPayment({ authorizationId: id })),
    ).toBe('AUTHORIZATION_EXPIRED');
  });
});

describe('authorisations across a restart of the stand-in', () => {
  it('keeps a Stripe hold and a PayPal authorisation capturable after a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'payments-state-')), 'payments.json');
    const options = {
      port: 0,
      stateFile,
      stripeWebhookSecret: harnessWebhookSecret,
      stripeWebhookUrl: undefined,
      paypalWebhookId: 'WHRESTART',
      stripeSecretKey: 'sk_test_restart',
    };
    const clientOf = (url: string) => {
      const { hostname, port } = new URL(url);
      return new StripeSdk('sk_test_restart', {
        host: hostname,
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
    };
    const paypalCall = async (url: string, path: string) => {
      const token = await fetch(`${url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` },
        body: 'grant_type=client_credentials',
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const answer = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body:
          path === '/v2/checkout/orders'
            ? JSON.stringify({
                intent: 'AUTHORIZE',
                purchase_units: [{ amount: { currency_code: 'USD', value: '640.00' } }],
              })
            : '{}',
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };

    const first = await startPaymentsEmulator(options);
    const intent = await clientOf(first.url).paymentIntents.create({
      amount: 64_000,
      currency: 'usd',
      capture_method: 'manual',
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    expect(intent.status).toBe('requires_capture');
    const order = await paypalCall(first.url, '/v2/checkout/orders');
    first.paypal.approve(String(order.body.id));
    const authorized = await paypalCall(first.url, `/v2/checkout/orders/${order.body.id}/authorize`);
    const units = authorized.body.purchase_units as { payments: { authorizations: { id: string }[] } }[];
    const authorizationId = units[0]?.payments.authorizations[0]?.id ?? '';
    await first.stop();

    const second = await startPaymentsEmulator(options);
    try {
      expect((await clientOf(second.url).paymentIntents.capture(intent.id)).status).toBe('succeeded');
      const captured = await paypalCall(second.url, `/v2/payments/authorizations/${authorizationId}/capture`);
      expect(captured).toMatchObject({ status: 201, body: { status: 'COMPLETED' } });
    } finally {
      await second.stop();
    }
  });
});
