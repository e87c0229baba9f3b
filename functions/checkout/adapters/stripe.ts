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

export function stripeWebhookSecret(): string {
  return required('STRIPE_WEBHOOK_SECRET');
}

/** Forgets the cached client (tests that change the environment). */
export function resetStripeClient(): void {
  client = undefined;
}
