import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api.ts';

/** GET /terms: the current version of the terms and its date (null before any was published). */
export const currentTermsQuery = () =>
  queryOptions({
    queryKey: ['terms', 'current'],
    queryFn: async () => (await apiGet('/terms')).current,
    staleTime: 5 * 60_000,
  });
