import { randomBytes } from 'node:crypto';
import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';

/**
 * A checkout key as the web makes one (web/src/components/payment/new-checkout-key.ts): 24 random
 * bytes in base64url, made again in the rare case (under 1e-9) it fails the server's check.
 */
export function randomCheckoutKey(): string {
  for (;;) {
    const key = randomBytes(24).toString('base64url');
    if (isRandomLookingCheckoutKey(key)) return key;
  }
}
