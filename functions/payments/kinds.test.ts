import { describe, expect, it } from 'vitest';
import { paymentKind } from './kinds.ts';
import { paymentProvider } from './registry.ts';

describe('the payment registry', () => {
  it('finds one provider by an order’s type code, an entry’s kind, or a new payment’s flow', () => {
    expect(paymentKind(1)).toBe(paymentKind('stripe'));
    expect(paymentKind('in-page')).toBe(paymentKind('stripe'));
    expect(paymentKind(2)).toBe(paymentKind('paypal'));
    expect(paymentKind('redirect')).toBe(paymentKind('paypal'));
    expect(paymentKind(1)).not.toBe(paymentKind(2));
  });

  it('refuses a stored kind it does not know', () => {
    expect(() => paymentKind(3 as 1)).toThrow('no payment provider for 3');
    expect(() => paymentProvider('cash' as 'stripe')).toThrow('no payment provider for cash');
  });

  it('gives each provider its words and its own operations', () => {
    const card = paymentProvider(1);
    const redirect = paymentProvider(2);
    expect(card).toMatchObject({ kind: 'stripe', typeCode: 1, flow: 'in-page', paymentWords: 'card' });
    expect(redirect).toMatchObject({ kind: 'paypal', typeCode: 2, flow: 'redirect', displayName: 'PayPal' });
    expect(card.start).not.toBe(redirect.start);
    expect(card.payerWords({ fingerprint: 'f', brand: 'Visa', last4: '4242' })).toBe(
      'your Visa card ending 4242',
    );
    expect(card.payerWords({ fingerprint: 'f', brand: 'visa', last4: '4242', wallet: 'Google Pay' })).toBe(
      'your visa card ending 4242 in Google Pay',
    );
    expect(card.payerWords({ fingerprint: 'link-a@b.c', brand: 'Link', last4: '' })).toBe(
      'your Link account',
    );
    expect(redirect.payerWords({ fingerprint: 'paypal-P1', brand: 'PayPal', last4: '' })).toBe(
      'your PayPal account',
    );
  });
});
