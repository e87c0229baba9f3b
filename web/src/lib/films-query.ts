import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api.ts';

/** Every content slot's film (GET /films), read once a visit: staff change them seldom. */
export const filmsQuery = queryOptions({
  queryKey: ['films'],
  queryFn: () => apiGet('/films').then((r) => r.films),
  staleTime: 5 * 60_000,
});
