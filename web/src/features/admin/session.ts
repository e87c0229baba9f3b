/**
 * The staff username the browser remembers, for drawing only (001 §6): the server checks the
 * session cookie on every call, whatever this says.
 */
const KEY = 'adminUser';

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
