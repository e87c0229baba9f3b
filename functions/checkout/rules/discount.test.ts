import { describe, expect, it } from 'vitest';
import { checkDiscountCode, DISCOUNT_CHECK_LIMIT, normalizeCode } from './discount.ts';

const collection = { discount: true, discountCode: 'MAISON10', discountAmount: 10 };

describe('checkDiscountCode', () => {
  it('accepts the collection code and gives its percent', () => {
    expect(checkDiscountCode(collection, 'MAISON10')).toEqual({ isCodeValid: true, discountAmount: 10 });
  });

  it('compares trimmed and case-insensitively', () => {
    for (const entered of ['maison10', '  Maison10 ', 'MAISON10\t', 'ｍａｉｓｏｎ１０']) {
      expect(checkDiscountCode(collection, entered), entered).toEqual({
        isCodeValid: true,
        discountAmount: 10,
      });
    }
    expect(checkDiscountCode({ ...collection, discountCode: ' maison10 ' }, 'MAISON10').isCodeValid).toBe(
      true,
    );
  });

  it('refuses another code, with discountAmount 0', () => {
    for (const entered of ['MAISON1', 'MAISON100', 'MAISON 10', '', '   ', 'M']) {
      expect(checkDiscountCode(collection, entered), entered).toEqual({
        isCodeValid: false,
        discountAmount: 0,
      });
    }
  });

  it('never validates a collection whose discount is off, even with its old code', () => {
    expect(checkDiscountCode({ ...collection, discount: false }, 'MAISON10')).toEqual({
      isCodeValid: false,
      discountAmount: 0,
    });
    expect(checkDiscountCode({ discountCode: 'MAISON10', discountAmount: 10 }, 'MAISON10').isCodeValid).toBe(
      false,
    );
  });

  it('never validates a collection with no code, a blank code or no usable percent', () => {
    expect(checkDiscountCode({ discount: true, discountAmount: 10 }, '').isCodeValid).toBe(false);
    expect(
      checkDiscountCode({ discount: true, discountCode: '  ', discountAmount: 10 }, '  ').isCodeValid,
    ).toBe(false);
    for (const discountAmount of [undefined, 0, -5, 101, Number.NaN]) {
      expect(
        checkDiscountCode({ ...collection, discountAmount }, 'MAISON10').isCodeValid,
        String(discountAmount),
      ).toBe(false);
    }
    expect(checkDiscountCode({ ...collection, discountAmount: 12.5 }, 'MAISON10').discountAmount).toBe(12.5);
  });

  it('never answers with the code itself', () => {
    const answers = [checkDiscountCode(collection, 'MAISON10'), checkDiscountCode(collection, 'nope')];
    expect(JSON.stringify(answers)).not.toMatch(/maison/i);
  });
});

describe('normalizeCode and the limit', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCode('  summer-24 ')).toBe('SUMMER-24');
  });

  it('limits checks to 20 per 10 minutes per address', () => {
    expect(DISCOUNT_CHECK_LIMIT).toEqual({ name: 'type-discount', max: 20, windowSeconds: 600 });
  });
});
