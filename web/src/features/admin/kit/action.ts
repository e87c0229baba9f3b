import { useState } from 'react';

/**
 * What a form's save (or any other call to the server) shows: `busy` while it runs, then its
 * failure's message as `error` (`fallback` when the failure has none).
 */
export function useAction(fallback = '') {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (e) {
      setError((e as Error).message || fallback);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
