import { useHydrated } from '../lib/hydrated.ts';

/**
 * A moment in the shop's zone, in words (shared/time-words.ts), as a <time>. The words come from
 * the time zone data of whoever renders them: the renderer's Node and the shopper's browser may
 * not agree (a zone's rules change, and each ships its own tz data), so a page rendered ahead of
 * time keeps its words while the browser hydrates it (no mismatch), and the browser's own replace
 * them once it has.
 */
export function ZonedTime({ at, words, className }: { at: string; words: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time
      key={hydrated ? 'browser' : 'rendered'}
      dateTime={at}
      className={className}
      suppressHydrationWarning
    >
      {words}
    </time>
  );
}
