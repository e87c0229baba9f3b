import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isThrottled } from '../lib/throttled.ts';

type Busy = 'waiting' | 'gave-up' | undefined;

/**
 * While the shop is refusing reads for load (a release, lib/throttled.ts), a calm line instead of
 * an error: first while the page keeps asking, then, if it gave up, with a way to ask again.
 */
export function BusyNotice() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const look = () => {
      const queries = cache.getAll();
      const waiting = queries.some(
        (q) => q.state.fetchStatus === 'fetching' && isThrottled(q.state.fetchFailureReason),
      );
      const gaveUp = queries.some((q) => q.state.status === 'error' && isThrottled(q.state.error));
      setBusy(waiting ? 'waiting' : gaveUp ? 'gave-up' : undefined);
    };
    look();
    return cache.subscribe(look);
  }, [queryClient]);
  return (
    <div role="status" className="busy-notice">
      {busy === 'waiting' && <p>Many people are visiting right now. This page is still loading for you…</p>}
      {busy === 'gave-up' && (
        <p>
          The shop is very busy just now.{' '}
          <button
            type="button"
            className="busy-retry"
            onClick={() =>
              queryClient.refetchQueries({
                predicate: (q) => q.state.status === 'error' && isThrottled(q.state.error),
              })
            }
          >
            try again
          </button>
        </p>
      )}
    </div>
  );
}
