import { countryName } from '#shared/countries.ts';
import { PricingError, type Quote, quote } from '#shared/pricing.ts';
import { regionsOf } from '#shared/tax.ts';

/** What the order summary shows while the shopper types: every amount from `quote()`. */
export interface Summary {
  productPrice: number;
  discountAmount: number;
  productPriceAfterDiscount: number;
  /** The full quote once the address says enough (country, and province or state in CA/US). */
  quote?: Quote;
  /** The list shipping price when the country is known but the region not yet. */
  shippingFee?: number;
  /** Why there is no full quote yet. */
  pending?: 'country' | 'region' | 'not-shipped';
  countryLabel?: string;
  regionLabel?: string;
}

export interface SummaryInput {
  priceUs: number;
  shippingPrices: Readonly<Record<string, number>>;
  country: string;
  state: string;
  city: string;
  discountPercent: number;
}

export function summarize(input: SummaryInput): Summary {
  // The discount lines never depend on the address: a quote for any taxed address gives them.
  const base = quote({
    priceUs: input.priceUs,
    removeShipmentCharge: true,
    shippingPrices: { CA: 0 },
    country: 'CA',
    state: 'ON',
    discountPercent: input.discountPercent,
  });
  const lines = {
    productPrice: base.productPrice,
    discountAmount: base.discountAmount,
    productPriceAfterDiscount: base.productPriceAfterDiscount,
  };
  if (!input.country) return { ...lines, pending: 'country' };
  const countryLabel = countryName(input.country);
  if (!Object.hasOwn(input.shippingPrices, input.country)) {
    return { ...lines, pending: 'not-shipped', countryLabel };
  }
  const regionLabel = regionsOf(input.country).find((r) => r.code === input.state)?.name;
  try {
    const full = quote({
      priceUs: input.priceUs,
      // The server already answers 0 for a piece that removes the shipment charge.
      removeShipmentCharge: false,
      shippingPrices: input.shippingPrices,
      country: input.country,
      state: input.state || undefined,
      city: input.city || undefined,
      discountPercent: input.discountPercent,
    });
    return { ...lines, quote: full, countryLabel, ...(regionLabel ? { regionLabel } : {}) };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    return {
      ...lines,
      pending: 'region',
      countryLabel,
      shippingFee: input.shippingPrices[input.country] ?? 0,
    };
  }
}

/** 0.13 → "13", 0.14975 → "14.975". */
export function percentText(rate: number): string {
  return String(Number((rate * 100).toFixed(4)));
}
