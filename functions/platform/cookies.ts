import type { ApiEvent } from '#platform/handler.ts';

/**
 * Session cookies: `__Host-` names (Secure, Path=/, no Domain: the browser refuses them from
 * any other site or subdomain), HttpOnly (no script reads them), SameSite=Strict (no
 * cross-site request carries them). The `-device` cookies are the long-lived device cookies of
 * table/devices.ts: a browser that logged in before is told apart from strangers.
 */
export type CookieName = '__Host-owner' | '__Host-admin' | '__Host-owner-device' | '__Host-admin-device';

export function readCookie(event: ApiEvent, name: CookieName): string | undefined {
  const pairs = event.cookies ?? event.headers.cookie?.split(';') ?? [];
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export function sessionCookie(name: CookieName, token: string, maxAgeSeconds: number): string {
  return `${name}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedCookie(name: CookieName): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}
