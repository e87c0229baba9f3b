import { queryOptions } from '@tanstack/react-query';
import type { priceWithShippingContract } from '#shared/contracts/catalog.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { apiGet } from '../../lib/api.ts';

/** The piece's price and its shipping price by country: what the order summary is computed from. */
export type PriceWithShipping = Answer<typeof priceWithShippingContract>;

/** Availability matters here: every visit asks fresh. */
export const priceWithShippingQuery = (id: string, tid: string) =>
  queryOptions({
    queryKey: ['price-with-shipping', id, tid],
    queryFn: () => apiGet('/price-with-shipping', { id, tid }),
    staleTime: 0,
  });
