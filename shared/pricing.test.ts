import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUTY_NOT_INCLUDED, PricingError, type QuoteInput, quote } from '#shared/pricing.ts';
import { CALIFORNIA_CITY_NAMES, PROVINCES, regionsOf, taxRate } from '#shared/tax.ts';

const shippingPrices = { CA: 40, US: 45, FR: 80 };
const piece = (overrides: Partial<QuoteInput>): QuoteInput => ({
  priceUs: 1000,
  removeShipmentCharge: false,
  shippingPrices,
  country: 'CA',
  state: 'ON',
  ...overrides,
});

describe('quote in Canada: tax on product and shipping, duty 0', () => {
  // 1000 USD with free shipping; then 1000 USD + 40 USD shipping, both taxed.
  const worked: [string, number, number][] = [
    ['AB', 50, 52],
    ['BC', 120, 124.8],
    ['MB', 120, 124.8],
    ['NB', 150, 156],
    ['NL', 150, 156],
    ['NT', 50, 52],
    ['NU', 50, 52],
    ['NS', 150, 156],
    ['ON', 130, 135.2],
    ['PE', 150, 156],
    ['QC', 149.75, 155.74],
    ['SK', 110, 114.4],
    ['YT', 50, 52],
  ];

  it('has a worked example for every province and territory', () => {
    expect(worked.map(([code]) => code).sort()).toEqual(PROVINCES.map((p) => p.code).sort());
  });

  it.each(worked)('1000 USD in %s, free shipping → tax %d', (state, tax) => {
    expect(quote(piece({ state, removeShipmentCharge: true }))).toEqual({
      productPrice: 1000,
      discountAmount: 0,
      productPriceAfterDiscount: 1000,
      shippingFee: 0,
      taxRate: taxRate({ country: 'CA', state }),
      tax,
      duty: 0,
      total: 1000 + tax,
    });
  });

  it.each(worked)('1000 USD + 40 shipping in %s → tax %d on 1040', (state, _, tax) => {
    const q = quote(piece({ state }));
    expect(q).toMatchObject({ shippingFee: 40, tax, duty: 0 });
    expect(q.total).toBe(Math.round((1040 + tax) * 100) / 100);
  });

  it('rounds to the cent: 1850.50 in Quebec', () => {
    // 1850.50 × 0.14975 = 277.112375 → 277.11
    expect(quote(piece({ priceUs: 1850.5, state: 'QC', removeShipmentCharge: true }))).toMatchObject({
      tax: 277.11,
      total: 2127.61,
    });
    // (1850.50 + 40) × 0.14975 = 283.102375 → 283.10
    expect(quote(piece({ priceUs: 1850.5, state: 'QC' }))).toMatchObject({ tax: 283.1, total: 2173.6 });
  });

  it('rounds half a cent up, exactly (1000.50 × 13 % = 130.065 → 130.07)', () => {
    expect(quote(piece({ priceUs: 1000.5, removeShipmentCharge: true })).tax).toBe(130.07);
  });
});

describe('quote in the USA: tax on the product only, duty 0', () => {
  it('Los Angeles 9.75 %: 1000 → 97.50, shipping 45 not taxed', () => {
    expect(quote(piece({ country: 'US', state: 'CA', city: 'Los Angeles' }))).toEqual({
      productPrice: 1000,
      discountAmount: 0,
      productPriceAfterDiscount: 1000,
      shippingFee: 45,
      taxRate: 0.0975,
      tax: 97.5,
      duty: 0,
      total: 1142.5,
    });
  });

  it('San Francisco 8.625 %: 1234.56 → 106.48', () => {
    // 1234.56 × 0.08625 = 106.4808
    expect(
      quote(piece({ priceUs: 1234.56, country: 'US', state: 'CA', city: 'san francisco' })),
    ).toMatchObject({
      tax: 106.48,
      total: 1386.04,
    });
  });

  it('a California city not in the table, and a blank city: 7.25 %', () => {
    for (const city of ['Modesto', '', undefined]) {
      expect(quote(piece({ country: 'US', state: 'CA', city })), String(city)).toMatchObject({
        taxRate: 0.0725,
        tax: 72.5,
        total: 1117.5,
      });
    }
  });

  it('another state: 5 % (New York, Texas)', () => {
    expect(quote(piece({ country: 'US', state: 'NY', city: 'New York' }))).toMatchObject({
      taxRate: 0.05,
      tax: 50,
      shippingFee: 45,
      duty: 0,
      total: 1095,
    });
    expect(quote(piece({ country: 'US', state: 'Texas', priceUs: 99.99 })).tax).toBe(5); // 4.9995 → 5.00
  });
});

describe('quote elsewhere: no tax, duty not included', () => {
  it('France: shipping 80, tax 0, duty "not included"', () => {
    expect(quote(piece({ country: 'FR', state: undefined, city: 'Paris' }))).toEqual({
      productPrice: 1000,
      discountAmount: 0,
      productPriceAfterDiscount: 1000,
      shippingFee: 80,
      taxRate: 0,
      tax: 0,
      duty: DUTY_NOT_INCLUDED,
      total: 1080,
    });
    expect(DUTY_NOT_INCLUDED).toBe('not included');
  });

  it('a country the collection does not ship to is refused with a typed error', () => {
    expect(() => quote(piece({ country: 'JP' }))).toThrow(PricingError);
    expect(() => quote(piece({ country: 'JP', removeShipmentCharge: true }))).toThrow(/does not ship/);
    expect(() => quote(piece({ country: 'constructor' }))).toThrow(PricingError);
    try {
      quote(piece({ country: 'JP' }));
    } catch (error) {
      expect((error as PricingError).code).toBe('unknown-country');
    }
  });

  it('Canada and the USA need a province or state', () => {
    expect(() => quote(piece({ state: undefined }))).toThrow(PricingError);
    expect(() => quote(piece({ country: 'US', state: 'ZZ' }))).toThrow(PricingError);
  });
});

describe('discount, then tax', () => {
  it('takes the percent off the product price only, and taxes what is left', () => {
    // 1000 − 10 % = 900; (900 + 40 shipping) × 13 % = 122.20
    expect(quote(piece({ discountPercent: 10 }))).toEqual({
      productPrice: 1000,
      discountAmount: 100,
      productPriceAfterDiscount: 900,
      shippingFee: 40,
      taxRate: 0.13,
      tax: 122.2,
      duty: 0,
      total: 1062.2,
    });
  });

  it('MAISON10 on 1850.50 in Quebec', () => {
    // discount 185.05; (1665.45 + 40) × 0.14975 = 255.391… → 255.39
    expect(quote(piece({ priceUs: 1850.5, state: 'QC', discountPercent: 10 }))).toMatchObject({
      discountAmount: 185.05,
      productPriceAfterDiscount: 1665.45,
      tax: 255.39,
      total: 1960.84,
    });
  });

  it('rounds the discount half up at the cent (10 % of 1850.55 = 185.055 → 185.06)', () => {
    expect(quote(piece({ priceUs: 1850.55, discountPercent: 10 }))).toMatchObject({
      discountAmount: 185.06,
      productPriceAfterDiscount: 1665.49,
    });
  });

  it('in the USA, a discounted piece is taxed on its discounted price', () => {
    expect(
      quote(piece({ country: 'US', state: 'CA', city: 'Los Angeles', discountPercent: 20 })),
    ).toMatchObject({
      productPriceAfterDiscount: 800,
      tax: 78,
      total: 923,
    });
  });

  it('refuses a percent outside 0–100', () => {
    expect(() => quote(piece({ discountPercent: 101 }))).toThrow(PricingError);
    expect(() => quote(piece({ discountPercent: -5 }))).toThrow(PricingError);
    expect(quote(piece({ discountPercent: 100, removeShipmentCharge: true })).total).toBe(0);
  });
});

describe('free shipping products', () => {
  it('charge no shipping and (in Canada) no tax on shipping', () => {
    expect(quote(piece({ removeShipmentCharge: true }))).toMatchObject({
      shippingFee: 0,
      tax: 130,
      total: 1130,
    });
    expect(quote(piece({ country: 'FR', state: undefined, removeShipmentCharge: true }))).toMatchObject({
      shippingFee: 0,
      total: 1000,
      duty: 'not included',
    });
  });
});

describe('every quote (property)', () => {
  const isWholeCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
  const cents = (amount: number) => Math.round(amount * 100);
  const halfUp = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);

  const address = fc.oneof(
    fc.record({
      country: fc.constant('CA'),
      state: fc.constantFrom(...regionsOf('CA').map((r) => r.code)),
      city: fc.string(),
    }),
    fc.record({
      country: fc.constant('US'),
      state: fc.constantFrom(...regionsOf('US').map((r) => r.code)),
      city: fc.oneof(fc.constantFrom(...CALIFORNIA_CITY_NAMES), fc.string()),
    }),
    fc.record({
      country: fc.constantFrom('FR', 'GB', 'JP'),
      state: fc.constant(undefined),
      city: fc.string(),
    }),
  );

  it('adds up: total = after discount + shipping + tax, all non-negative whole cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 100_000_00 }),
        fc.boolean(),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100_000 })),
        address,
        (priceCents, shipCents, removeShipmentCharge, percentOrMilli, where) => {
          const discountPercent = percentOrMilli > 100 ? percentOrMilli / 1000 : percentOrMilli;
          const shippingPrices = {
            CA: shipCents / 100,
            US: shipCents / 100,
            FR: shipCents / 100,
            GB: 0,
            JP: 1,
          };
          const q = quote({
            priceUs: priceCents / 100,
            removeShipmentCharge,
            shippingPrices,
            discountPercent,
            ...where,
          });
          const amounts = [
            q.productPrice,
            q.discountAmount,
            q.productPriceAfterDiscount,
            q.shippingFee,
            q.tax,
            q.total,
          ];
          for (const amount of amounts) {
            expect(amount).toBeGreaterThanOrEqual(0);
            expect(isWholeCents(amount)).toBe(true);
          }
          expect(cents(q.productPrice)).toBe(priceCents);
          expect(cents(q.productPriceAfterDiscount)).toBe(cents(q.productPrice) - cents(q.discountAmount));
          expect(cents(q.total)).toBe(
            cents(q.productPriceAfterDiscount) + cents(q.shippingFee) + cents(q.tax),
          );
          expect(q.productPriceAfterDiscount).toBeLessThanOrEqual(q.productPrice);

          // The tax, again, in exact big-integer arithmetic.
          const taxable =
            cents(q.productPriceAfterDiscount) + (where.country === 'CA' ? cents(q.shippingFee) : 0);
          const rateParts = BigInt(Math.round(q.taxRate * 100_000));
          expect(cents(q.tax)).toBe(Number(halfUp(BigInt(taxable) * rateParts, 100_000n)));
          expect(q.duty).toBe(where.country === 'CA' || where.country === 'US' ? 0 : 'not included');
          if (removeShipmentCharge) expect(q.shippingFee).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
