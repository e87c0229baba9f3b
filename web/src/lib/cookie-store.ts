/**
 * 000 §3: "a cookie-like store keeps scrollPositionVids (default path /)": small values of the
 * page kept in the browser's cookies, for the whole site unless a path is given. They last the
 * browser session, are never sent to another site, and only over HTTPS where the shop is on it.
 */

export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && decodeURIComponent(pair.slice(0, at).trim()) === name)
      return decodeURIComponent(pair.slice(at + 1).trim());
  }
  return undefined;
}

export function writeCookie(name: string, value: string, path = '/'): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the store the spec names is a cookie (000 §3)
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=Strict${secure}`;
}
