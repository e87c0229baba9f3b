import { describe, expect, it } from 'vitest';
import { cardErrors, formatCardNumber, formatExpiry } from './card-fields.ts';

const now = new Date(2026, 10, 30);

describe("the stand-in Payment Element's card fields", () => {
  it('format as the payer types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });

  it("say what is missing or wrong in Stripe's words, and nothing for a complete card", () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardErrors({ number: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '12' }, now)).toEqual({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration date is invalid.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '10 / 26', cvc: '123' }, now)).toEqual({
      expiry: "Your card's expiration year is in the past.",
    });
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123' }, now)).toEqual({});
  });
});
