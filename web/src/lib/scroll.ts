/** Session keys of the spec (000 §3). */
export const SESSION_KEYS = {
  scrollPositionMen: 'scrollPositionMen',
  scrollPositionWomen: 'scrollPositionWomen',
  scrollBack: 'scroll-back',
  signupAttempts: 'signupAttempts',
} as const;

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
