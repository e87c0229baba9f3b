import { createHmac } from 'node:crypto';

/**
 * Stripe's `card.fingerprint`: the same for the same card number within one account, different
 * for different numbers, and saying nothing of the number. Here: an HMAC of the number keyed by
 * the account's secret, 16 base64url characters.
 */
export function cardFingerprint(cardNumber: string, accountSecret: string): string {
  return createHmac('sha256', `card-fingerprint\n${accountSecret}`)
    .update(cardNumber)
    .digest('base64url')
    .slice(0, 16);
}
