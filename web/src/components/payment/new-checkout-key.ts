import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';

/** 24 random bytes (crypto.getRandomValues) as 32 base64url characters: 192 bits. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * A new checkout key: a purchase's (checkout-key.ts keeps one per piece) or a
 * draw entry's (features/draws/entry-token.ts). The server refuses one that does not look random
 * (a random one fails under once in 1e9).
 */
export function newCheckoutKey(): string {
  let key = randomKey();
  while (!isRandomLookingCheckoutKey(key)) key = randomKey();
  return key;
}
