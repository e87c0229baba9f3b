import { QueryClient } from '@tanstack/react-query';
import { retryDelay, retryRead } from './throttled.ts';

/**
 * Catalogue answers change rarely: they are kept for the session (000 §4: the type list is
 * cached per gender after the first load). Availability is asked fresh where it matters. A read
 * refused for load is asked again with backoff (lib/throttled.ts), any other failure once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      retry: retryRead,
      retryDelay,
      refetchOnWindowFocus: false,
    },
  },
});
