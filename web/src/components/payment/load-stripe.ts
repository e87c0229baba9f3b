import type { Stripe } from '@stripe/stripe-js';

/** Where the local stack serves its stand-in of https://js.stripe.com/v3 (the payments emulator). */
export const LOCAL_STRIPE_JS = '/__payments/v3/stripe.js';

let injected: Promise<void> | undefined;

/** Adds the script once, as @stripe/stripe-js's loadStripe adds js.stripe.com/v3. */
function injectScript(src: string): Promise<void> {
  injected ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      injected = undefined;
      script.remove();
      reject(new Error('Stripe.js did not load'));
    });
    document.head.append(script);
  });
  return injected;
}

/**
 * Stripe.js for the publishable key the server gave: from js.stripe.com through
 * @stripe/stripe-js's loadStripe in production, from the payments emulator locally (the
 * stand-in sets `window.Stripe` as the real script does). Either way the caller gets `Stripe`.
 */
export async function loadStripeJs(publishableKey: string, mode: 'local' | 'stripe'): Promise<Stripe> {
  if (mode === 'stripe') {
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(publishableKey);
    if (!stripe) throw new Error('Stripe.js did not load');
    return stripe;
  }
  await injectScript(LOCAL_STRIPE_JS);
  const stripeOf = window.Stripe;
  if (!stripeOf) throw new Error('Stripe.js did not load');
  return stripeOf(publishableKey);
}
