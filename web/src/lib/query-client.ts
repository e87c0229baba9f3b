import { QueryClient } from '@tanstack/react-query';

/**
 * Catalogue answers change rarely: they are kept for the session (000 §4: the type list is
 * cached per gender after the first load). Availability is asked fresh where it matters.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
