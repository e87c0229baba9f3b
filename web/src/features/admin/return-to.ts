/**
 * Where the staff login sends back to (issue 45): a staff screen asked for without a session
 * opens /admin?next=<that screen>, and a successful login goes there. Only a path of this
 * origin that is one of the staff screens is returned to, so a link to the login cannot send a
 * staff member anywhere else (no open redirect); anything else lands on /admin-home.
 */
export const ADMIN_HOME = '/admin-home';
const NEXT = 'next';

/** The login page that returns to `place` (the screen that asked for a session). */
export function adminLoginPath(place: { pathname: string; search: string; hash: string }): string {
  if (place.pathname === '/admin') return '/admin';
  return `/admin?${new URLSearchParams({ [NEXT]: `${place.pathname}${place.search}${place.hash}` })}`;
}

/** The place the login at `search` returns to, if `isStaffPath` admits it; else the admin home. */
export function adminReturnPath(search: string, origin: string, isStaffPath: (pathname: string) => boolean) {
  const next = new URLSearchParams(search).get(NEXT);
  // Only a path: not `//host`, `/\host` (a browser reads both as another host), nor a scheme.
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== origin || !isStaffPath(url.pathname)) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
