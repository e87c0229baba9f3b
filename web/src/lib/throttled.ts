import { ApiError } from './api.ts';

/**
 * A read the API refused because too many people are asking at once: API Gateway's throttle
 * (429) or an origin that is briefly over capacity (503). It is asked again, later; anything else
 * fails as it always did.
 */
export function isThrottled(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.status === 503);
}

/** A throttled read is asked again this many times, after 1, 2, 4 then 8 s (with jitter). */
export const THROTTLED_RETRIES = 4;

export function retryRead(failures: number, error: unknown): boolean {
  return isThrottled(error) ? failures < THROTTLED_RETRIES : failures < 1;
}

/**
 * The `meta` of a read whose page shows nothing when it fails (the type list, 000 §8): once it
 * gave up for load, the busy notice offers to ask again. Pages that show their own failure
 * (with their own "try again") are left to it.
 */
export const QUIET_FAILURE = { failsQuietly: true } as const;

/** For a read that is otherwise never asked twice: only a refusal for load is asked again. */
export function retryThrottledOnly(failures: number, error: unknown): boolean {
  return isThrottled(error) && failures < THROTTLED_RETRIES;
}

export function retryDelay(attempt: number): number {
  const base = Math.min(1000 * 2 ** attempt, 8000);
  // Spread so a crowd throttled together does not come back together.
  return base / 2 + Math.random() * (base / 2);
}
