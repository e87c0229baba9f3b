import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { ApiError, CheckoutPaymentIntent } from '@paypal/paypal-server-sdk';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypal, resetPaypalClient, verifyPaypalWebhook } from '#payments/providers/paypal-client.ts';
import { resetStripeClient, stripe } from '#payments/providers/stripe-client.ts';
import { type PaymentsEmulator, startPaymentsEmulator } from '../../infra/local/payments/emulator.ts';

/**
 * The local payments emulator driven by the real clients the functions use: `stripe` through
 * functions/lib/stripe.ts, `@paypal/paypal-server-sdk` through functions/lib/paypal.ts. Webhooks
 * go to a tiny local receiver that records what arrives.
 */

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

const webhookSecret = 'whsec_local_emulator_test_secret';
const publishableKey = 'pk_test_local_emulator';
const webhookId = 'WHLOCALTEST1';

let emulator: PaymentsEmulator;
let receiver: Server;
let receiverUrl = '';
const received: Delivery[] = [];
/** Answers this many next deliveries with 500 (to exercise retries). */
let failNext = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(500).end('try again');
        return;
      }
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

  emulator = await startPaymentsEmulator({
    port: 0,
    stripeWebhookSecret: webhookSecret,
    stripeWebhookUrl: `${receiverUrl}/webhooks/stripe`,
    paypalWebhookUrl: `${receiverUrl}/webhooks/paypal`,
    paypalWebhookId: webhookId,
    stripePublishableKey: publishableKey,
    paypalClientId: 'local-client-id',
    paypalClientSecret: 'local-client-secret',
    webhookRetryDelaysMs: [50, 100, 200],
  });

  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_local_emulator',
    STRIPE_API_BASE: emulator.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    PAYPAL_CLIENT_ID: 'local-client-id',
    PAYPAL_CLIENT_SECRET: 'local-client-secret',
    PAYPAL_ENVIRONMENT: 'sandbox',
    PAYPAL_API_BASE: emulator.url,
    PAYPAL_WEBHOOK_ID: webhookId,
  });
  resetStripeClient();
  resetPaypalClient();
});

afterAll(async () => {
  await emulator?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function stripeDeliveries(type?: string, objectId?: string): { delivery: Delivery; event: Stripe.Event }[] {
  return received
    .filter((d) => d.path === '/webhooks/stripe')
    .map((delivery) => ({ delivery, event: JSON.parse(delivery.raw) as Stripe.Event }))
    .filter(
      ({ event }) =>
        (!type || event.type === type) &&
        (!objectId || (event.data.object as { id: string }).id === objectId),
    );
}

function waitForStripeEvent(type: string, objectId: string) {
  return waitFor(() => stripeDeliveries(type, objectId)[0], `${type} for ${objectId}`);
}

async function newIntent(amount = 125_000): Promise<Stripe.PaymentIntent> {
  return (await stripe()).paymentIntents.create({
    amount,
    currency: 'usd',
    description: 'Silk scarf no. 7',
    metadata: { checkoutCode: `co-${Math.random().toString(36).slice(2)}`, holdId: 'hold-1' },
    automatic_payment_methods: { enabled: true },
  });
}

/** The browser-side confirm, as the local card-form stand-in (or Stripe.js) sends it. */
async function browserConfirm(
  intent: Stripe.PaymentIntent,
  card: string,
  clientSecret = intent.client_secret,
) {
  const form = new URLSearchParams({
    key: publishableKey,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 2),
    'payment_method_data[card][cvc]': '123',
  });
  if (clientSecret) form.set('client_secret', clientSecret);
  const answer = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('Stripe through the emulator', () => {
  it('answers the same PaymentIntent for the same idempotency key, and refuses the key with other params', async () => {
    const params = { amount: 98_000, currency: 'usd', metadata: { checkoutCode: 'co-idem' } };
    const first = await (await stripe()).paymentIntents.create(params, {
      idempotencyKey: 'checkout-co-idem',
    });
    const second = await (await stripe()).paymentIntents.create(params, {
      idempotencyKey: 'checkout-co-idem',
    });
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 98_000,
    });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect(first.metadata).toEqual({ checkoutCode: 'co-idem' });

    const other = (await stripe()).paymentIntents.create(
      { ...params, amount: 1_000 },
      { idempotencyKey: 'checkout-co-idem' },
    );
    await expect(other).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('refuses calls without a key, with a live key or with a publishable key on the server API', async () => {
    const noKey = await fetch(`${emulator.url}/v1/payment_intents`, {
      method: 'POST',
      body: 'amount=100&currency=usd',
    });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const live = new Stripe('sk_live_nope', {
      host: '127.0.0.1',
      port: new URL(emulator.url).port,
      protocol: 'http',
    });
    await expect(live.paymentIntents.create({ amount: 100, currency: 'usd' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    const pk = await fetch(`${emulator.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}` },
      body: 'amount=100&currency=usd',
    });
    expect(pk.status).toBe(401);
  });

  it('validates create params like Stripe', async () => {
    await expect(
      (await stripe()).paymentIntents.create({ amount: 10, currency: 'usd' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      param: 'amount',
    });
    await expect((await stripe()).paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('confirms 4242… in the browser: succeeded, and a signed payment_intent.succeeded arrives', async () => {
    const intent = await newIntent();
    const confirmed = await browserConfirm(intent, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('succeeded');

    const retrieved = await (await stripe()).paymentIntents.retrieve(intent.id);
    expect(retrieved.status).toBe('succeeded');
    expect(retrieved.amount_received).toBe(125_000);
    expect(retrieved.latest_charge).toMatch(/^ch_/);

    const { delivery } = await waitForStripeEvent('payment_intent.succeeded', intent.id);
    const signature = String(delivery.headers['stripe-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = (await stripe()).webhooks.constructEvent(delivery.raw, signature, webhookSecret);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const object = event.data.object as Stripe.PaymentIntent;
    expect(object).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 125_000 });
    expect(object.metadata.holdId).toBe('hold-1');

    const tampered = delivery.raw.replace('"amount_received": 125000', '"amount_received": 1');
    expect(tampered).not.toBe(delivery.raw);
    const sdk = await stripe();
    expect(() => sdk.webhooks.constructEvent(tampered, signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => sdk.webhooks.constructEvent(delivery.raw, signature, 'whsec_other')).toThrow();
  });

  it('checks the client_secret on the browser confirm', async () => {
    const intent = await newIntent();
    const missing = await browserConfirm(intent, '4242424242424242', null);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ param: 'client_secret' });
    const wrong = await browserConfirm(intent, '4242424242424242', `${intent.id}_secret_wrong`);
    expect(wrong.status).toBe(400);
    expect((await (await stripe()).paymentIntents.retrieve(intent.id)).status).toBe(
      'requires_payment_method',
    );
    const retrieve = await fetch(
      `${emulator.url}/v1/payment_intents/${intent.id}?client_secret=${intent.client_secret}`,
      { headers: { authorization: `Bearer ${publishableKey}` } },
    );
    expect(retrieve.status).toBe(200);
    const noSecret = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}`, {
      headers: { authorization: `Bearer ${publishableKey}` },
    });
    expect(noSecret.status).toBe(400);
  });

  it('declines 4000…0002: requires_payment_method with the decline message, and payment_failed', async () => {
    const intent = await newIntent();
    const declined = await browserConfirm(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const retrieved = await (await stripe()).paymentIntents.retrieve(intent.id);
    expect(retrieved.status).toBe('requires_payment_method');
    expect(retrieved.last_payment_error?.message).toBe('Your card was declined.');
    const { delivery, event } = await waitForStripeEvent('payment_intent.payment_failed', intent.id);
    const sdk = await stripe();
    expect(() =>
      sdk.webhooks.constructEvent(delivery.raw, String(delivery.headers['stripe-signature']), webhookSecret),
    ).not.toThrow();
    expect((event.data.object as Stripe.PaymentIntent).last_payment_error?.code).toBe('card_declined');

    // The shopper may try again with a good card.
    expect((await browserConfirm(intent, '4242424242424242')).body.status).toBe('succeeded');
    // Server-side confirms with Stripe's test PaymentMethods surface as StripeCardError.
    const other = await newIntent();
    await expect(
      (await stripe()).paymentIntents.confirm(other.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
  });

  it('asks for authentication on 4000 0025 0000 3155, then approve succeeds and fail declines', async () => {
    const intent = await newIntent();
    const confirmed = await browserConfirm(intent, '4000002500003155');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('requires_action');
    expect(confirmed.body.next_action).toMatchObject({ type: 'use_stripe_sdk' });
    await waitForStripeEvent('payment_intent.requires_action', intent.id);

    const authenticate = (id: string, secret: string, outcome: string) =>
      fetch(`${emulator.url}/v1/payment_intents/${id}/authenticate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}` },
        body: new URLSearchParams({ client_secret: secret, outcome }),
      });
    const approved = await authenticate(intent.id, String(intent.client_secret), 'approve');
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { status: string }).status).toBe('succeeded');
    await waitForStripeEvent('payment_intent.succeeded', intent.id);

    const failing = await newIntent();
    await browserConfirm(failing, '4000002500003155');
    const failed = await authenticate(failing.id, String(failing.client_secret), 'fail');
    expect(((await failed.json()) as { status: string }).status).toBe('requires_payment_method');
    await waitForStripeEvent('payment_intent.payment_failed', failing.id);
  });

  it('asks 3-D Secure of every card that would pass under request_three_d_secure=any, and still declines 0002', async () => {
    const create = async () =>
      (await stripe()).paymentIntents.create({
        amount: 250_000,
        currency: 'usd',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        payment_method_options: { card: { request_three_d_secure: 'any' } },
      });
    const asked = await create();
    expect(asked.payment_method_options?.card?.request_three_d_secure).toBe('any');
    expect(asked.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
    expect(asked.payment_method_types).toEqual(['card', 'link']);
    const confirmed = await browserConfirm(asked, '4242424242424242');
    expect(confirmed.body.status).toBe('requires_action');
    const declined = await browserConfirm(await create(), '4000000000000002');
    expect(declined.status).toBe(402);
    // Without it (automatic), 4242 passes at once.
    expect((await browserConfirm(await newIntent(), '4242424242424242')).body.status).toBe('succeeded');
    await expect(
      (await stripe()).paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method_options: { card: { request_three_d_secure: 'sometimes' as 'any' } },
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it('confirms with Link (the e-mail of the payer’s Link account): a link PaymentMethod, held under manual capture', async () => {
    const linkConfirm = (intent: Stripe.PaymentIntent, email: string) =>
      fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: publishableKey,
          client_secret: String(intent.client_secret),
          'payment_method_data[type]': 'link',
          'payment_method_data[billing_details][email]': email,
        }),
      });
    const held = await (await stripe()).paymentIntents.create({
      amount: 90_000,
      currency: 'usd',
      capture_method: 'manual',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    const answer = await linkConfirm(held, 'ada@example.com');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('requires_capture');
    const read = await (await stripe()).paymentIntents.retrieve(held.id, { expand: ['payment_method'] });
    expect(read.payment_method).toMatchObject({ type: 'link', link: { email: 'ada@example.com' } });
    expect((await linkConfirm(await newIntent(), 'not-an-email')).status).toBe(400);
    const cardOnly = await (await stripe()).paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
    });
    expect((await linkConfirm(cardOnly, 'ada@example.com')).status).toBe(400);
  });

  it('serves the stand-in of Stripe.js at /v3/stripe.js, setting window.Stripe', async () => {
    const answer = await fetch(`${emulator.url}/v3/stripe.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await answer.text();
    expect(text).toContain('.Stripe = standInStripe');
    expect(text).not.toMatch(/^import /m);
  });

  it('serves a 3-D Secure page that redirects to return_url like Stripe', async () => {
    const intent = await newIntent();
    const returnUrl = 'http://localhost:3000/checkout/complete';
    const confirm = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: publishableKey,
        client_secret: String(intent.client_secret),
        payment_method: 'pm_card_threeDSecure2Required',
        return_url: returnUrl,
      }),
    });
    const body = (await confirm.json()) as {
      status: string;
      next_action: { redirect_to_url: { url: string } };
    };
    expect(body.status).toBe('requires_action');
    const page = await (await fetch(body.next_action.redirect_to_url.url)).text();
    expect(page).toContain('Complete authentication');
    const done = await fetch(`${emulator.url}/stripe/3ds`, {
      method: 'POST',
      body: new URLSearchParams({
        payment_intent: intent.id,
        client_secret: String(intent.client_secret),
        return_url: returnUrl,
        outcome: 'approve',
      }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location') ?? '');
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect(location.searchParams.get('payment_intent')).toBe(intent.id);
    expect((await (await stripe()).paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('refunds a payment: refund succeeded, the intent keeps amount_received', async () => {
    const intent = await newIntent(50_000);
    await browserConfirm(intent, '4242424242424242');
    const refund = await (await stripe()).refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `refund-${intent.id}` },
    );
    expect(refund).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 50_000,
      payment_intent: intent.id,
    });
    const again = await (await stripe()).refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `refund-${intent.id}` },
    );
    expect(again.id).toBe(refund.id);
    const after = await (await stripe()).paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', amount_received: 50_000 });
    await expect((await stripe()).refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const unpaid = await newIntent();
    await expect((await stripe()).refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    await waitFor(() => stripeDeliveries('charge.refunded')[0], 'charge.refunded');
  });

  it('cancels an unpaid intent and refuses to cancel a paid one', async () => {
    const intent = await newIntent();
    expect((await (await stripe()).paymentIntents.cancel(intent.id)).status).toBe('canceled');
    await waitForStripeEvent('payment_intent.canceled', intent.id);
    const paid = await newIntent();
    await browserConfirm(paid, '4242424242424242');
    await expect((await stripe()).paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('redelivers an event: the same id arrives twice, freshly signed', async () => {
    const intent = await newIntent();
    await browserConfirm(intent, '4242424242424242');
    const { event } = await waitForStripeEvent('payment_intent.succeeded', intent.id);
    const attempt = await emulator.stripe.redeliver(event.id);
    expect(attempt.ok).toBe(true);
    const twice = stripeDeliveries('payment_intent.succeeded', intent.id);
    expect(twice.map((d) => d.event.id)).toEqual([event.id, event.id]);
    for (const { delivery } of twice) {
      (await stripe()).webhooks.constructEvent(
        delivery.raw,
        String(delivery.headers['stripe-signature']),
        webhookSecret,
      );
    }
    // The same through the HTTP control API.
    const viaHttp = await fetch(`${emulator.url}/__emulator/stripe/events/${event.id}/redeliver`, {
      method: 'POST',
    });
    expect(viaHttp.status).toBe(200);
    expect(stripeDeliveries('payment_intent.succeeded', intent.id)).toHaveLength(3);
  });

  it('holds webhooks while paused (a lost webhook) and sends them on resume', async () => {
    expect((await fetch(`${emulator.url}/__emulator/stripe/pause`, { method: 'POST' })).status).toBe(200);
    const intent = await newIntent();
    await browserConfirm(intent, '4242424242424242');
    await new Promise((r) => setTimeout(r, 300));
    expect(stripeDeliveries('payment_intent.succeeded', intent.id)).toHaveLength(0);
    // The browser's return path can still ask Stripe.
    expect((await (await stripe()).paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const held = emulator.stripe
      .events()
      .find((e) => e.type === 'payment_intent.succeeded' && e.event.data.object.id === intent.id);
    expect(held?.state).toBe('pending');
    await emulator.stripe.resume();
    await waitForStripeEvent('payment_intent.succeeded', intent.id);
  });

  it('delivers held events in a chosen order', async () => {
    emulator.stripe.pause();
    const first = await newIntent();
    const second = await newIntent();
    await browserConfirm(first, '4242424242424242');
    await browserConfirm(second, '4242424242424242');
    const ids = (intent: Stripe.PaymentIntent) =>
      emulator.stripe
        .events()
        .find((e) => e.type === 'payment_intent.succeeded' && e.event.data.object.id === intent.id)?.id ?? '';
    const before = received.length;
    const answer = await fetch(`${emulator.url}/__emulator/stripe/deliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [ids(second), ids(first)] }),
    });
    expect(answer.status).toBe(200);
    const order = received.slice(before).map((d) => (JSON.parse(d.raw) as Stripe.Event).data.object);
    expect(order.map((o) => (o as { id: string }).id)).toEqual([second.id, first.id]);
    await emulator.stripe.resume({ drop: true });
    expect(emulator.stripe.event(ids(first))?.state).toBe('delivered');
  });

  it('retries a failed delivery with backoff and records the attempts', async () => {
    await emulator.stripe.idle();
    failNext = 2;
    const intent = await newIntent();
    await emulator.stripe.idle();
    const created = emulator.stripe
      .events()
      .find((e) => e.type === 'payment_intent.created' && e.event.data.object.id === intent.id);
    expect(created?.state).toBe('delivered');
    expect(created?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    const listed = (await (
      await fetch(`${emulator.url}/__emulator/stripe/events?type=payment_intent.created`)
    ).json()) as {
      data: { id: string }[];
    };
    expect(listed.data.some((e) => e.id === created?.id)).toBe(true);
  });
});

describe('PayPal through the emulator', () => {
  const returnUrl = 'http://localhost:3000/checkout/paypal/return';
  const cancelUrl = 'http://localhost:3000/checkout/paypal/cancel';

  async function createOrder(value: string, extra: { modern?: boolean; requestId?: string } = {}) {
    return (await paypal()).orders.createOrder({
      ...(extra.requestId ? { paypalRequestId: extra.requestId } : {}),
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: 'co-pp-1',
            customId: 'co-pp-1',
            description: 'Cashmere coat no. 3',
            amount: { currencyCode: 'USD', value },
          },
        ],
        ...(extra.modern
          ? { paymentSource: { paypal: { experienceContext: { returnUrl, cancelUrl } } } }
          : { applicationContext: { returnUrl, cancelUrl } }),
      },
    });
  }

  async function approveThroughPage(href: string): Promise<Response> {
    const pageAnswer = await fetch(href);
    expect(pageAnswer.status).toBe(200);
    const html = await pageAnswer.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe('/paypal/approve');
    return fetch(new URL(action ?? '', emulator.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token ?? '', action: 'approve' }),
      redirect: 'manual',
    });
  }

  it('gives an OAuth token for the right client credentials only', async () => {
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const ok = await fetch(`${emulator.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic('local-client-id', 'local-client-secret') },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 32400,
    });
    const bad = await fetch(`${emulator.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic('local-client-id', 'wrong') },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
    const noToken = await fetch(`${emulator.url}/v2/checkout/orders/NOPE`);
    expect(noToken.status).toBe(401);
  });

  it('creates an order with a 2-decimal amount and refuses 3 decimals', async () => {
    const { result: order, statusCode } = await createOrder('1250.00');
    expect(statusCode).toBe(201);
    expect(order.status).toBe('CREATED');
    const approve = order.links?.find((l) => l.rel === 'approve');
    expect(approve?.href).toBe(`${emulator.url}/paypal/approve?token=${order.id}`);
    expect(order.purchaseUnits?.[0]).toMatchObject({
      description: 'Cashmere coat no. 3',
      customId: 'co-pp-1',
      amount: { currencyCode: 'USD', value: '1250.00' },
    });

    const error = await createOrder('10.005').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    expect((error as ApiError<{ name: string; details: { issue: string }[] }>).result).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'DECIMAL_PRECISION' }],
    });
    await expect(createOrder('10')).rejects.toBeInstanceOf(ApiError);
  });

  it('answers the same order for the same PayPal-Request-Id', async () => {
    const first = await createOrder('20.00', { requestId: 'pp-req-1' });
    const second = await createOrder('20.00', { requestId: 'pp-req-1' });
    expect(second.result.id).toBe(first.result.id);
  });

  it('refuses to capture before approval', async () => {
    const { result: order } = await createOrder('300.00');
    const error = await (await paypal()).orders.captureOrder({ id: order.id ?? '' }).catch((e: unknown) => e);
    expect((error as ApiError).statusCode).toBe(422);
    expect((error as ApiError<{ details: { issue: string }[] }>).result?.details[0]?.issue).toBe(
      'ORDER_NOT_APPROVED',
    );
  });

  it('approves on the approval page, captures, sends a webhook that verifies, and refunds', async () => {
    const { result: order } = await createOrder('1250.00');
    const href = order.links?.find((l) => l.rel === 'approve')?.href ?? '';
    const page = await (await fetch(href)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Pay with PayPal (local stand-in)');
    expect(page).toContain('1250.00 USD');
    expect(page).toContain('Cashmere coat no. 3');
    expect(page).toMatch(/<button type="submit" name="action" value="approve">Approve<\/button>/);
    expect(page).toMatch(/<button type="submit" name="action" value="cancel">Cancel<\/button>/);

    const approved = await approveThroughPage(href);
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(returnUrl);
    expect(location.searchParams.get('token')).toBe(order.id);
    expect(location.searchParams.get('PayerID')).toBeTruthy();
    expect((await (await paypal()).orders.getOrder({ id: order.id ?? '' })).result.status).toBe('APPROVED');

    const { result: captured, statusCode } = await (await paypal()).orders.captureOrder({
      id: order.id ?? '',
    });
    expect(statusCode).toBe(201);
    expect(captured.status).toBe('COMPLETED');
    const capture = captured.purchaseUnits?.[0]?.payments?.captures?.[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currencyCode: 'USD', value: '1250.00' },
      customId: 'co-pp-1',
    });
    const again = await (await paypal()).orders.captureOrder({ id: order.id ?? '' }).catch((e: unknown) => e);
    expect((again as ApiError).statusCode).toBe(422);

    const delivery = await waitFor(
      () =>
        received.find(
          (d) =>
            d.path === '/webhooks/paypal' &&
            (JSON.parse(d.raw) as { event_type: string; resource: { id: string } }).resource.id ===
              capture?.id,
        ),
      'PAYMENT.CAPTURE.COMPLETED',
    );
    const event = JSON.parse(delivery.raw) as {
      event_type: string;
      resource: { custom_id: string; supplementary_data: { related_ids: { order_id: string } } };
    };
    expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(event.resource.custom_id).toBe('co-pp-1');
    expect(event.resource.supplementary_data.related_ids.order_id).toBe(order.id);
    const headers = delivery.headers as Record<string, string>;
    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');

    expect(await verifyPaypalWebhook(headers, delivery.raw)).toBe(true);
    const forgedBody = delivery.raw.replace('"1250.00"', '"1.00"');
    expect(forgedBody).not.toBe(delivery.raw);
    expect(await verifyPaypalWebhook(headers, forgedBody)).toBe(false);
    expect(
      await verifyPaypalWebhook(
        { ...headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
        delivery.raw,
      ),
    ).toBe(false);
    expect(
      await verifyPaypalWebhook({ ...headers, 'paypal-transmission-id': crypto.randomUUID() }, delivery.raw),
    ).toBe(false);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = headers;
    expect(await verifyPaypalWebhook(unsigned, delivery.raw)).toBe(false);

    const { result: refund } = await (await paypal()).payments.refundCapturedPayment({
      captureId: capture?.id ?? '',
      body: { amount: { currencyCode: 'USD', value: '1250.00' } },
    });
    expect(refund.status).toBe('COMPLETED');
  });

  it('uses payer-action with payment_source and sends Cancel to the cancel_url', async () => {
    const { result: order } = await createOrder('45.50', { modern: true });
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    const href = order.links?.find((l) => l.rel === 'payer-action')?.href ?? '';
    expect(href).toContain('/paypal/approve?token=');
    const cancelled = await fetch(`${emulator.url}/paypal/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: order.id ?? '', action: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${cancelUrl}?token=${order.id}`);
    expect((await (await paypal()).orders.getOrder({ id: order.id ?? '' })).result.status).toBe(
      'PAYER_ACTION_REQUIRED',
    );
  });
});
