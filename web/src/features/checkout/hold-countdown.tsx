import { type ReactNode, useEffect, useState } from 'react';

/** Milliseconds left until `until`, ticking every second. */
export function useRemaining(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, until - now);
}

export function mmss(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The hold of the piece: "reserved for you for mm:ss" above the payment step (`children`); when
 * it ends, the payment step goes and an offer to start again takes its place.
 */
export function HoldCountdown({
  until,
  onRestart,
  children,
}: {
  until: number;
  onRestart: () => void;
  children: ReactNode;
}) {
  const left = useRemaining(until);
  if (left <= 0) {
    return (
      <div className="checkout-hold checkout-hold-ended" role="alert">
        <p>your reservation has ended, and the piece may now be reserved by someone else.</p>
        <button type="button" className="button button-quiet" onClick={onRestart}>
          start again
        </button>
      </div>
    );
  }
  return (
    <>
      <p className="checkout-hold">
        this piece is reserved for you for{' '}
        <span className="checkout-hold-time" role="timer" aria-label={`${mmss(left)} left`}>
          {mmss(left)}
        </span>
      </p>
      {children}
    </>
  );
}
