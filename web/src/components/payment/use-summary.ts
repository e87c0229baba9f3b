import { useMemo } from 'react';
import type { Address } from './address-fields.tsx';
import type { PriceWithShipping } from './price-query.ts';
import { type Summary, summarize } from './summary.ts';

/** The order summary of the piece's price for the address typed so far (purchase page, draw entry). */
export function useSummary(
  price: PriceWithShipping | undefined,
  shipping: Address,
  discountPercent: number,
): Summary | undefined {
  const shippingPrices = useMemo(
    () => Object.fromEntries((price?.shippingArr ?? []).map((s) => [s.countryId, s.price])),
    [price],
  );
  return useMemo(
    () =>
      price
        ? summarize({
            priceUs: price.priceUs,
            shippingPrices,
            country: shipping.country,
            state: shipping.state,
            city: shipping.city,
            discountPercent,
          })
        : undefined,
    [price, shippingPrices, shipping.country, shipping.state, shipping.city, discountPercent],
  );
}
