import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page renders on the server (web/src/render/) and while the browser hydrates
 * what it rendered, true from then on (and at once in a page the browser renders itself): what
 * depends on the window (its height, this tab's storage) is rendered only once it is true, so the
 * hydrating render is the server's.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
