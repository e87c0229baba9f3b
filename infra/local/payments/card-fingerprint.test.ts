import { describe, expect, it } from 'vitest';
import { cardFingerprint } from './card-fingerprint.ts';

describe('cardFingerprint', () => {
  it('is the same for the same number and account, and differs by number and by account', () => {
    const visa = cardFingerprint('4242424242424242', 'sk_test_a');
    expect(visa).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(cardFingerprint('4242424242424242', 'sk_test_a')).toBe(visa);
    expect(cardFingerprint('5555555555554444', 'sk_test_a')).not.toBe(visa);
    expect(cardFingerprint('4242424242424242', 'sk_test_b')).not.toBe(visa);
    expect(visa).not.toContain('4242');
  });
});
