import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';

/** The piece's price and its shipping price by country: what the order summary is computed from. */
export type PriceWithShipping = PublicAnswer<'/price-with-shipping'>;

/** Availability matters here: every visit asks fresh. */
export const priceWithShippingQuery = (id: string, tid: string) =>
  queryOptions({
    queryKey: ['price-with-shipping', id, tid],
    queryFn: () => apiGet('/price-with-shipping', { id, tid }),
    staleTime: 0,
  });
