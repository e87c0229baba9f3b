import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutKeySchema, isRandomLookingCheckoutKey } from '#shared/checkout.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout-messages.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the checkout key must look random', () => {
  it('takes random keys of 22 to 64 characters', () => {
    for (let i = 0; i < 20_000; i++) {
      const length = 22 + (i % 43);
      const key = randomBytes(48).toString('base64url').slice(0, length);
      expect(isRandomLookingCheckoutKey(key), key).toBe(true);
    }
  });

  it.each([
    ['one character', 'a'.repeat(32)],
    ['two alternating', 'ab'.repeat(16)],
    ['a block repeated', 'Xq7'.repeat(10)],
    ['the alphabet in order', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
    ['digits then letters', '0123456789ABCDEFGHIJKL'],
    ['every other letter', 'acegikmoqsuwy02468-acegi'],
    ['growing steps', Array.from({ length: 24 }, (_, k) => ALPHABET[((k * (k + 1)) / 2) % 64]).join('')],
    ['a long run inside a random key', 'xK9qp0rT_vW1234567890Zy3m'],
    ['a repeat inside a random key', 'xK9qp0rT_vWaaaaaaaaZy3m'],
  ])('refuses %s', (_what, key) => {
    expect(isRandomLookingCheckoutKey(key)).toBe(false);
    const parsed = checkoutKeySchema.safeParse(key);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([CHECKOUT_MESSAGES.weakCheckoutKey]);
  });

  it('answers a key of the wrong form with the form’s message only', () => {
    for (const key of ['short', 'k'.repeat(65), `${'k'.repeat(31)}/`]) {
      const parsed = checkoutKeySchema.safeParse(key);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([CHECKOUT_MESSAGES.reloadPage]);
    }
  });
});
