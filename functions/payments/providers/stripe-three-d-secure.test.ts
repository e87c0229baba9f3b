import { describe, expect, it } from 'vitest';
import { threeDSecureAboveCents } from './stripe.ts';

describe('3-D Secure above the deployment’s amount (THREE_D_SECURE_ABOVE_CENTS)', () => {
  it('reads the amount set, and falls back to USD 1,000 when none or a wrong one is set', () => {
    expect(threeDSecureAboveCents({ THREE_D_SECURE_ABOVE_CENTS: '150000' })).toBe(150_000);
    expect(threeDSecureAboveCents({ THREE_D_SECURE_ABOVE_CENTS: '0' })).toBe(0);
    expect(threeDSecureAboveCents({})).toBe(100_000);
    expect(threeDSecureAboveCents({ THREE_D_SECURE_ABOVE_CENTS: 'lots' })).toBe(100_000);
    expect(threeDSecureAboveCents({ THREE_D_SECURE_ABOVE_CENTS: '-5' })).toBe(100_000);
  });
});
