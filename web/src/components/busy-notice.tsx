import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isThrottled } from '../lib/throttled.ts';

type Busy = 'waiting' | 'gave-up' | undefined;

/** A read that gave up for load on a page that shows nothing of its own (lib/throttled.ts). */
const gaveUpQuietly = (q: Query) =>
  q.state.status === 'error' && isThrottled(q.state.error) && q.meta?.failsQuietly === true;

/**
 * While the shop is refusing reads for load (a release, lib/throttled.ts), a calm line instead of
 * an error: while the page keeps asking; then, if a read whose page shows nothing of its own gave
 * up, with a way to ask again.
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
      const gaveUp = queries.some(gaveUpQuietly);
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
                predicate: gaveUpQuietly,
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
