import { applyParts, fractionToParts, fromCents, PricingError, toCents } from '#shared/money.ts';
import { countryCode, taxRate } from '#shared/tax.ts';

export { PricingError, type PricingErrorCode } from '#shared/money.ts';

/**
 * The price of one piece shipped to one address, in USD (001 §1: "All amounts are in USD").
 * The browser shows it; the server computes it again from stored prices and charges that one.
 *
 * Order of the computation, each step in whole cents rounded half up (001 §9):
 * 1. the collection's discount, a percent of the product price (001 §9: "Collection discount
 *    is a percent"), taken off the product price only — never off shipping or tax;
 * 2. shipping: the collection's price for the country, 0 when the piece removes the shipment
 *    charge (001 §9: "Shipping fee per country comes from a list of prices; it is zero when the
 *    product removes the shipment charge");
 * 3. tax on the discounted price (a discount lowers the price the tax is charged on). What the
 *    tax applies to is not in the spec; decided here:
 *    - Canada: product after discount + shipping. GST/HST (and PST, QST) apply to shipping
 *      charges on taxable goods, so the shipping line is taxed at the same rate.
 *    - USA: product after discount only. In California, shipping billed separately by a
 *      common carrier is generally not taxable; the other states' flat 5 % follows the same
 *      rule so one US rule holds.
 *    - elsewhere: no tax (001 §9: "Tax is computed only for Canada and the USA").
 * 4. duty: 0 for Canada and the USA, "not included" elsewhere (001 §9: "other countries show
 *    duty as 'not included' … duty is 0 for Canada and the USA").
 * total = product after discount + shipping + tax (duty, when not included, is not charged).
 */

export interface QuoteInput {
  /** The piece's US price in USD. */
  priceUs: number;
  removeShipmentCharge: boolean;
  /** The collection's shipping prices in USD by ISO country code. */
  shippingPrices: Readonly<Record<string, number>>;
  /** ISO 3166-1 alpha-2 code of the shipping address. */
  country: string;
  state?: string | undefined;
  city?: string | undefined;
  /** The collection discount in percent (0 or none when no valid code was applied). */
  discountPercent?: number | undefined;
}

export const DUTY_NOT_INCLUDED = 'not included';

export interface Quote {
  productPrice: number;
  discountAmount: number;
  productPriceAfterDiscount: number;
  shippingFee: number;
  /** The rate applied, as a fraction (0.13). */
  taxRate: number;
  tax: number;
  duty: 0 | typeof DUTY_NOT_INCLUDED;
  total: number;
}

/** Canada and the USA: taxed here, duty 0 (001 §9). */
export const isTaxedCountry = (country: string): boolean => {
  const code = countryCode(country);
  return code === 'CA' || code === 'US';
};

/** Whether the shipping fee is part of the taxed amount (see the decision above). */
export const taxesShipping = (country: string): boolean => countryCode(country) === 'CA';

/** The shipping fee in cents for a country the collection ships to, or a PricingError. */
function shippingCents(prices: Readonly<Record<string, number>>, country: string, free: boolean): number {
  const price = Object.hasOwn(prices, country) ? prices[country] : undefined;
  if (price === undefined) {
    throw new PricingError('unknown-country', 'this collection does not ship to the chosen country');
  }
  return free ? 0 : toCents(price);
}

/** Percent (10, 12.5) as parts per 100 000, or a PricingError when it is not 0 to 100. */
function percentParts(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new PricingError('bad-amount', 'a discount is a percent from 0 to 100');
  }
  return fractionToParts(percent / 100);
}

export function quote(input: QuoteInput): Quote {
  const country = countryCode(input.country);
  const product = toCents(input.priceUs);
  const discount = applyParts(product, percentParts(input.discountPercent ?? 0));
  const afterDiscount = product - discount;
  const shipping = shippingCents(input.shippingPrices, country, input.removeShipmentCharge);
  const rate = taxRate({ country, state: input.state, city: input.city });
  const taxable = afterDiscount + (taxesShipping(country) ? shipping : 0);
  const tax = applyParts(taxable, fractionToParts(rate));
  return {
    productPrice: fromCents(product),
    discountAmount: fromCents(discount),
    productPriceAfterDiscount: fromCents(afterDiscount),
    shippingFee: fromCents(shipping),
    taxRate: rate,
    tax: fromCents(tax),
    duty: isTaxedCountry(country) ? 0 : DUTY_NOT_INCLUDED,
    total: fromCents(afterDiscount + shipping + tax),
  };
}
