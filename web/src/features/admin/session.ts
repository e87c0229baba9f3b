import { SESSION_KEYS } from '../../lib/scroll.ts';

/**
 * The staff username the browser remembers (the session key `user`, 000 §3), written on a
 * successful login and read by every admin page, for drawing only (001 §6): the server checks
 * the session cookie on every call, whatever this says.
 */
const KEY = SESSION_KEYS.user;

export function storedAdmin(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberAdmin(name: string): void {
  sessionStorage.setItem(KEY, name);
}

export function forgetAdmin(): void {
  sessionStorage.removeItem(KEY);
}
