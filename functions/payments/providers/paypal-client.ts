import type { Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';

type PaypalSdk = typeof import('@paypal/paypal-server-sdk');

/**
 * The PayPal clients, created once per Lambda container from the environment:
 * - PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET (required): the REST app's credentials.
 * - PAYPAL_ENVIRONMENT: 'sandbox' | 'production' (required unless PAYPAL_API_BASE is set).
 * - PAYPAL_API_BASE (optional, local only): e.g. http://127.0.0.1:4510, the local payments
 *   emulator. The SDK has no base-URL option, so its requests to https://api-m(.sandbox).paypal.com
 *   are rewritten there through `unstable_httpClientOptions` (axios' fetch adapter).
 * - PAYPAL_WEBHOOK_ID: the webhook's id, for verifyPaypalWebhook().
 * The SDK's `logging` option is left out on purpose: it prints every request.
 */
export interface PaypalClients {
  client: Client;
  orders: OrdersController;
  payments: PaymentsController;
}

let clients: Promise<PaypalClients> | undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const paypalHosts = /^https:\/\/api-m(\.sandbox)?\.paypal\.com(?=\/|$)/;

/** A fetch that sends PayPal API requests to `base` instead. */
export function rewritingFetch(base: string): typeof fetch {
  const target = base.replace(/\/+$/, '');
  const rewrite = (url: string) => url.replace(paypalHosts, target);
  return (input, init) => {
    if (input instanceof Request) {
      const url = rewrite(input.url);
      return fetch(url === input.url ? input : new Request(url, input), init);
    }
    return fetch(rewrite(input instanceof URL ? input.toString() : input), init);
  };
}

function environment({ Environment }: PaypalSdk): Environment {
  const name = process.env.PAYPAL_ENVIRONMENT;
  if (!name && process.env.PAYPAL_API_BASE) return Environment.Sandbox;
  if (name === 'sandbox') return Environment.Sandbox;
  if (name === 'production') return Environment.Production;
  throw new Error(
    name ? `PAYPAL_ENVIRONMENT must be sandbox or production, not ${name}` : 'PAYPAL_ENVIRONMENT is not set',
  );
}

/** Where the local stack serves its stand-in of PayPal's JavaScript SDK (v6) core script: the emulator's, through the gateway. */
export const LOCAL_WEB_SDK_PATH = '/__payments/web-sdk/v6/core';

/**
 * What the browser's PayPal SDK (v6) needs: the public client id and the environment whose core
 * script it loads; with PAYPAL_API_BASE (the local emulator) the stand-in script to load instead.
 */
export function paypalBrowserSdk(): {
  clientId: string;
  environment: 'sandbox' | 'production';
  standInScript?: string;
} {
  const clientId = required('PAYPAL_CLIENT_ID');
  const local = Boolean(process.env.PAYPAL_API_BASE);
  const name = process.env.PAYPAL_ENVIRONMENT;
  if (!local && name !== 'sandbox' && name !== 'production')
    throw new Error(
      name
        ? `PAYPAL_ENVIRONMENT must be sandbox or production, not ${name}`
        : 'PAYPAL_ENVIRONMENT is not set',
    );
  const environment = name === 'production' && !local ? 'production' : 'sandbox';
  return local ? { clientId, environment, standInScript: LOCAL_WEB_SDK_PATH } : { clientId, environment };
}

/** The SDK is imported on first use, like Stripe's (stripe-client.ts). */
export function paypal(): Promise<PaypalClients> {
  clients ??= createClients().catch((error: unknown) => {
    clients = undefined;
    throw error;
  });
  return clients;
}

async function createClients(): Promise<PaypalClients> {
  const sdk = await import('@paypal/paypal-server-sdk');
  const { Client, OrdersController, PaymentsController } = sdk;
  const oAuthClientId = required('PAYPAL_CLIENT_ID');
  const oAuthClientSecret = required('PAYPAL_CLIENT_SECRET');
  const base = process.env.PAYPAL_API_BASE;
  if (base) {
    try {
      new URL(base);
    } catch {
      throw new Error(`PAYPAL_API_BASE is not a URL: ${base}`);
    }
  }
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId, oAuthClientSecret },
    environment: environment(sdk),
    timeout: 20_000,
    ...(base
      ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: rewritingFetch(base) } } }
      : {}),
  });
  return { client, orders: new OrdersController(client), payments: new PaymentsController(client) };
}

export function paypalWebhookId(): string {
  return required('PAYPAL_WEBHOOK_ID');
}

const signatureHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * PayPal's events nest a handful of levels. A body nested far deeper is not one, and the SDK's
 * recursive JSON writer would overflow the stack on it (a 500 for any stranger's request).
 */
export const MAX_EVENT_DEPTH = 64;

function nestedWithin(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (!item || typeof item !== 'object') continue;
    if (depth > max) return false;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return true;
}

/** How far ahead of our clock a delivery's signed PAYPAL-TRANSMISSION-TIME may be. */
export const TRANSMISSION_AHEAD_SECONDS = 300;

/**
 * Whether a delivery's signed transmission time (ISO 8601) is a time, and not more than
 * TRANSMISSION_AHEAD_SECONDS ahead of `now` (ms): PayPal signs when it sends, so a later time is
 * a forgery or a broken clock. An old time is not refused: PayPal documents no freshness window
 * and retries a delivery for 3 days; a replayed genuine delivery completes, once, only the order
 * its capture paid.
 */
export function transmittedInTime(time: string, now: number): boolean {
  const at = Date.parse(time);
  return Number.isFinite(at) && at - now <= TRANSMISSION_AHEAD_SECONDS * 1000;
}

/**
 * Asks PayPal (POST /v1/notifications/verify-webhook-signature, through the SDK's client: same
 * OAuth token, same base URL) whether a webhook delivery is genuine. `headers` as received (any
 * case), `body` the raw request body. False for a missing header, a transmission time ahead of
 * ours (transmittedInTime, not asked), a body that is not a JSON
 * object (or is nested deeper than any PayPal event) or a FAILURE answer; an error when PayPal
 * cannot be asked (the caller answers 5xx, PayPal retries).
 */
export async function verifyPaypalWebhook(
  headers: Record<string, string | undefined>,
  body: string | Buffer,
): Promise<boolean> {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const fields: Record<string, string> = {};
  for (const [field, name] of Object.entries(signatureHeaders)) {
    const value = lower[name];
    if (!value) return false;
    fields[field] = value;
  }
  if (!transmittedInTime(fields.transmission_time ?? '', Date.now())) return false;
  let event: unknown;
  try {
    event = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return false;
  }
  if (!event || typeof event !== 'object' || !nestedWithin(event, MAX_EVENT_DEPTH)) return false;
  const request = (await paypal()).client.getRequestBuilderFactory()(
    'POST',
    '/v1/notifications/verify-webhook-signature',
  );
  request.header('Content-Type', 'application/json');
  request.json({ ...fields, webhook_id: paypalWebhookId(), webhook_event: event });
  request.authenticate([{ oauth2: true }]);
  const { result } = await request.callAsText();
  const answer = JSON.parse(result) as { verification_status?: string };
  return answer.verification_status === 'SUCCESS';
}

/** Forgets the cached clients (tests that change the environment). */
export function resetPaypalClient(): void {
  clients = undefined;
}
