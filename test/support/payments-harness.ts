import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { resetPaypalClient } from '#payments/providers/paypal-client.ts';
import { resetStripeClient } from '#payments/providers/stripe-client.ts';
import { type PaymentsEmulator, startPaymentsEmulator } from '../../infra/local/payments/emulator.ts';

/**
 * A payments stand-in of a test's own, with a clock the test moves on (authorisations lapse)
 * and a small receiver that records the webhooks it sends; the shop's Stripe and PayPal clients
 * are pointed at it through the environment, as on the local stack.
 */
export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

export interface PaymentsHarness {
  emulator: PaymentsEmulator;
  received: Delivery[];
  /** Moves the stand-in's clock on. */
  advance(ms: number): void;
  /** POSTs JSON to the stand-in's control API (`/__emulator/...`). */
  control(path: string, body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export const harnessWebhookSecret = 'whsec_local_authorise_test_secret';
export const harnessPublishableKey = 'pk_test_local_authorise';
const webhookId = 'WHLOCALAUTH1';

export async function startPaymentsHarness(): Promise<PaymentsHarness> {
  const received: Delivery[] = [];
  const receiver: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  let offset = 0;
  const emulator = await startPaymentsEmulator({
    port: 0,
    stripeWebhookSecret: harnessWebhookSecret,
    stripeWebhookUrl: `${receiverUrl}/webhooks/stripe`,
    paypalWebhookUrl: `${receiverUrl}/webhooks/paypal`,
    paypalWebhookId: webhookId,
    stripeSecretKey: 'sk_test_local_authorise',
    stripePublishableKey: harnessPublishableKey,
    paypalClientId: 'local-client-id',
    paypalClientSecret: 'local-client-secret',
    webhookRetryDelaysMs: [50, 100, 200],
    clock: () => Date.now() + offset,
  });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_local_authorise',
    STRIPE_API_BASE: emulator.url,
    STRIPE_WEBHOOK_SECRET: harnessWebhookSecret,
    PAYPAL_CLIENT_ID: 'local-client-id',
    PAYPAL_CLIENT_SECRET: 'local-client-secret',
    PAYPAL_ENVIRONMENT: 'sandbox',
    PAYPAL_API_BASE: emulator.url,
    PAYPAL_WEBHOOK_ID: webhookId,
  });
  resetStripeClient();
  resetPaypalClient();
  return {
    emulator,
    received,
    advance: (ms) => {
      offset += ms;
    },
    control: (path, body) =>
      fetch(`${emulator.url}/__emulator/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    stop: async () => {
      await emulator.stop();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/** The browser's confirm of an intent with a card number, as Stripe.js (or the shop's card form) sends it. */
export async function confirmWithCard(
  harness: PaymentsHarness,
  intent: { id: string; client_secret: string | null },
  card: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({
    key: harnessPublishableKey,
    client_secret: intent.client_secret ?? '',
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 2),
    'payment_method_data[card][cvc]': '123',
  });
  const answer = await fetch(`${harness.emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

export async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
