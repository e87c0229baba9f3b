import { createContext, type ReactNode, useContext } from 'react';
import { useHydrated } from './hydrated.ts';

/** The moment a page rendered ahead of time was rendered at (ms since the epoch), when it is one. */
const RenderTime = createContext<number | undefined>(undefined);

export function RenderClock({ at, children }: { at: number | undefined; children: ReactNode }) {
  return <RenderTime.Provider value={at}>{children}</RenderTime.Provider>;
}

/**
 * Now, as the page shows it (a countdown, "today at 15:30"): on the server and while the browser
 * hydrates, the moment the page was rendered, so both draw the same words (the page's data
 * carries it); the clock's from then on.
 */
export function useNow(): number {
  const at = useContext(RenderTime);
  const hydrated = useHydrated();
  return hydrated || at === undefined ? Date.now() : at;
}
