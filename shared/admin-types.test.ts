import { describe, expect, it } from 'vitest';
import { createTypeSchema, shippingPriceSchema } from '#shared/admin-types.ts';

const collection = (values: Record<string, unknown>) =>
  createTypeSchema.safeParse({
    name: 'Gowns',
    gender: 0,
    areaAmount: 1,
    womenImages: ['s3/a.png'],
    ...values,
  });

describe('the collection form', () => {
  it('takes a discount percent with at most 2 decimals and refuses the rest, tiny ones included', () => {
    for (const discountAmount of [10, 12.5, 33.33, 100]) {
      expect(
        collection({ discount: true, discountCode: 'CODE', discountAmount }).success,
        String(discountAmount),
      ).toBe(true);
    }
    // 5e-324 passed as a percent and reached DynamoDB, which cannot store it: a 500 found by the fuzz suite.
    for (const discountAmount of [5e-324, 1e-200, 33.333]) {
      expect(collection({ discountAmount }).success, String(discountAmount)).toBe(false);
    }
  });

  it('takes the colour areas names, at most one per area, none blank; an empty list clears them', () => {
    const named = collection({ areaAmount: 2, areaNames: [' bodice ', 'skirt'] });
    expect(named.success && named.data.areaNames).toEqual(['bodice', 'skirt']);
    expect(collection({ areaAmount: 2, areaNames: ['bodice'] }).success).toBe(true);
    const cleared = collection({ areaAmount: 2, areaNames: [] });
    expect(cleared.success && cleared.data.areaNames).toBeUndefined();
    expect(collection({ areaAmount: 1, areaNames: ['bodice', 'skirt'] }).success).toBe(false);
    expect(collection({ areaAmount: 2, areaNames: ['bodice', ' '] }).success).toBe(false);
    expect(collection({ areaAmount: 1, areaNames: ['x'.repeat(41)] }).success).toBe(false);
    expect(collection({ areaAmount: 1, areaNames: ['two\nlines'] }).success).toBe(false);
  });
});

describe('shipping prices', () => {
  it('take any price in cents, as a number or text, and refuse more decimals', () => {
    // 19.99 * 100 is 1998.9999999999998 in binary floating point: a check made by multiplying refused it.
    for (const price of [0, 19.99, '19.99', 4.35, '0.07', 1.1, 100_000]) {
      expect(shippingPriceSchema.safeParse(price).success, String(price)).toBe(true);
    }
    for (const price of [12.345, '12.345', 5e-324, -1, 100_000.01]) {
      expect(shippingPriceSchema.safeParse(price).success, String(price)).toBe(false);
    }
  });
});
