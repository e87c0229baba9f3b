import { useEffect, useState } from 'react';
import { durationInWords } from '#shared/time-words.ts';
import { useNow } from '../lib/render-clock.tsx';

/** The words change by the minute at most: a look every 10 s keeps them at most 10 s behind. */
const TICK_MS = 10_000;

/**
 * `closes in 1 h 12 min`, kept current while the page is open. A timer (role="timer") is not
 * read out as it changes (aria-live off): a screen reader finds it when it reads the page, and
 * is never interrupted by it.
 */
export function Countdown({
  to,
  words,
  className = 'draw-countdown',
}: {
  to: string;
  words: 'opens' | 'closes';
  className?: string;
}) {
  // As of the page's render while it is hydrated (lib/render-clock.tsx), then ticking.
  const first = useNow();
  const [ticked, setTicked] = useState<number>();
  useEffect(() => {
    const timer = setInterval(() => setTicked(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const now = ticked ?? first;
  const left = Date.parse(to) - now;
  return (
    <p className={className} role="timer" aria-live="off" aria-atomic="true">
      {left > 0 ? `${words} in ${durationInWords(left)}` : `${words === 'opens' ? 'opening' : 'closing'} now`}
    </p>
  );
}
