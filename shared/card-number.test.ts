import { describe, expect, it } from 'vitest';
import { productFormSchema } from '#shared/contracts/catalog-admin-products.ts';
import { portalLoginSchema, resetSchema } from '#shared/portal.ts';
import { CARD_NUMBER_RULE, cardDigits, groupCardNumber, isCardNumber } from './card-number.ts';

const PASSWORD = 'A'.repeat(16);

describe('the one card-number rule (000 §9: 16 digits; 001 §9: shown in groups of 4)', () => {
  it('groups a number in 4s and reads it back as digits, spaces or dashes typed or not', () => {
    expect(groupCardNumber('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(groupCardNumber('12345')).toBe('1234 5');
    expect(cardDigits(' 1234 5678-9012  3456 ')).toBe('1234567890123456');
    expect(cardDigits(groupCardNumber('4000123412341234'))).toBe('4000123412341234');
  });

  it.each([
    ['16 digits', '1234567890123456', true],
    ['15 digits', '123456789012345', false],
    ['17 digits', '12345678901234567', false],
    ['a letter', '123456789012345A', false],
    ['nothing', '', false],
    ['grouped, not read back', '1234 5678 9012 3456', false],
  ])('%s: a card number is %s', (_what, text, ok) => {
    expect(isCardNumber(text)).toBe(ok);
  });

  it('is the same rule for the admin form and the portal: what one takes the other takes', () => {
    const numbers = [
      '1234567890123456',
      '1234 5678 9012 3456',
      '1234-5678-9012-3456',
      '1',
      '12345',
      '123456789012345',
      '12345678901234567',
      '1234 5678 9012 345X',
      'ABCD',
    ];
    for (const cardNumber of numbers) {
      const admin = productFormSchema.safeParse({ cardNumber });
      const portal = portalLoginSchema.safeParse({ cardNumber, password: PASSWORD });
      const reset = resetSchema.safeParse({ cardNumber, email: 'owner@example.com' });
      expect(admin.success, cardNumber).toBe(portal.success);
      expect(reset.success, cardNumber).toBe(portal.success);
      if (admin.success && portal.success) {
        expect(admin.data.cardNumber).toBe(portal.data.cardNumber);
        expect(admin.data.cardNumber).toMatch(/^\d{16}$/);
      } else if (!admin.success) {
        expect(admin.error.issues.map((i) => i.message)).toEqual([CARD_NUMBER_RULE]);
      }
    }
  });

  it('leaves a blank number to the form\'s "fill all the blanks"', () => {
    expect(productFormSchema.parse({ cardNumber: '' }).cardNumber).toBeUndefined();
    expect(productFormSchema.parse({ cardNumber: '   ' }).cardNumber).toBeUndefined();
  });
});
