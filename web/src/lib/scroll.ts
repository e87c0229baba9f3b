/** Session keys of the spec (000 §3); `user` is the staff username the admin pages draw (001 §6). */
export const SESSION_KEYS = {
  user: 'user',
  scrollPositionMen: 'scrollPositionMen',
  scrollPositionWomen: 'scrollPositionWomen',
  scrollBack: 'scroll-back',
  signupAttempts: 'signupAttempts',
} as const;

/** The cookie that keeps the /allvideos list's scroll offset (000 §3). */
export const SCROLL_POSITION_VIDS = 'scrollPositionVids';

/** 000 §4, §9: a list's scroll offset is saved 100 ms after scrolling stops, restored 50 ms after load. */
export const SCROLL_SAVE_DEBOUNCE_MS = 100;
export const SCROLL_RESTORE_DELAY_MS = 50;

export function readNumber(key: string): number | undefined {
  const value = Number(sessionStorage.getItem(key));
  return Number.isFinite(value) && sessionStorage.getItem(key) !== null ? value : undefined;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
