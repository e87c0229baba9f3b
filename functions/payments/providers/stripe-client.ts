import type Stripe from 'stripe';

/**
 * The Stripe client, created once per Lambda container from the environment:
 * - STRIPE_SECRET_KEY (required): sk_test_… / sk_live_… (or a restricted rk_… key).
 * - STRIPE_API_BASE (optional, local only): e.g. http://127.0.0.1:4510, the local payments
 *   emulator (infra/local/payments). Unset in production: the client talks to api.stripe.com.
 * - STRIPE_WEBHOOK_SECRET: the whsec_… secret of the webhook endpoint (stripeWebhookSecret()).
 * No key lives in code; a missing variable fails with a message naming it.
 */
let client: Promise<Stripe> | undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * The SDK is imported on first use, not with the function: it is shipped beside the bundle
 * (infra/constructs/api-function.ts, `nodeModules`), so a function's cold start pays for it only
 * on the path that talks to Stripe.
 */
export function stripe(): Promise<Stripe> {
  client ??= createClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

async function createClient(): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const key = required('STRIPE_SECRET_KEY');
  const config: ConstructorParameters<typeof StripeSdk>[1] = {
    // Stripe retries safely (stripe-node adds an idempotency key to retried POSTs).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'one-of-one-boutique' },
  };
  const base = process.env.STRIPE_API_BASE;
  if (base) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new Error(`STRIPE_API_BASE is not a URL: ${base}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`STRIPE_API_BASE must be http or https: ${base}`);
    }
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    Object.assign(config, {
      host: url.hostname,
      port: url.port || (protocol === 'https' ? 443 : 80),
      protocol,
      // A local emulator answers at once or not at all: fail fast instead of retrying.
      maxNetworkRetries: 0,
    });
  }
  return new StripeSdk(key, config);
}

/** How far a webhook's signed time may be from ours, either way (Stripe's own default, in the past). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signed time (`t=`, seconds) of a Stripe-Signature header, read as the SDK reads it (the
 * last `t`, parseInt) so it is the time the signature covers; undefined without one.
 */
export function signatureTime(header: string): number | undefined {
  let time: number | undefined;
  for (const item of header.split(',')) {
    const [name, value = ''] = item.split('=');
    if (name === 't') time = Number.parseInt(value, 10);
  }
  return time !== undefined && Number.isFinite(time) ? time : undefined;
}

/**
 * Whether a signed webhook's time is within the tolerance of `now` (ms) both ways. The SDK's
 * constructEvent refuses only the past: a signature dated ahead would pass for as long as it is
 * dated ahead, plus the tolerance (a delivery captured once, replayable for that long).
 */
export function signedInTime(header: string, now: number): boolean {
  const time = signatureTime(header);
  return time !== undefined && Math.abs(now / 1000 - time) <= WEBHOOK_TOLERANCE_SECONDS;
}

export function stripeWebhookSecret(): string {
  return required('STRIPE_WEBHOOK_SECRET');
}

/** Forgets the cached client (tests that change the environment). */
export function resetStripeClient(): void {
  client = undefined;
}
