import { describe, expect, it } from 'vitest';
import { shippingList } from './shipping.ts';

describe('shippingList', () => {
  it('names each country and sorts by name', () => {
    expect(shippingList({ US: 45, CA: 40, FR: 80 }, false)).toEqual([
      { countryId: 'CA', country: 'Canada', price: 40 },
      { countryId: 'FR', country: 'France', price: 80 },
      { countryId: 'US', country: 'United States', price: 45 },
    ]);
  });

  it('is free everywhere for a piece that removes the shipment charge', () => {
    expect(shippingList({ US: 45, CA: 40 }, true).map((s) => s.price)).toEqual([0, 0]);
  });
});
