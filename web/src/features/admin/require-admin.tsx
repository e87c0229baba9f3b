import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ApiError } from '../../lib/api.ts';
import { adminSession } from './api.ts';
import { adminLoginPath } from './return-to.ts';
import { rememberAdmin, storedAdmin } from './session.ts';

/** What GET /admin said of this tab's cookie: a staff member, none, or a failure to show. */
type Session = { admin: string } | { admin: null } | { error: string };

/** GET /admin: the staff member of the session cookie, none when there is no live session. */
async function askSession(): Promise<Session> {
  try {
    return { admin: (await adminSession()).userName };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return { admin: null };
    return { error: e instanceof ApiError ? e.message : 'the network failed. please try again.' };
  }
}

/**
 * The guard of every staff screen (issue 45): a tab that logged in shows it at once; any other
 * tab (a new one, a link in a mail) asks the server whose session its cookie holds, then shows
 * the screen, or the login, which returns here. The server checks the session on every call
 * regardless: the stored name is for drawing only. (Plain state, not a query: this guard is in
 * the storefront's first bundle, which holds no query observer.)
 */
export function RequireAdmin() {
  const location = useLocation();
  const stored = storedAdmin();
  const [session, setSession] = useState<Session>();
  useEffect(() => {
    if (stored) return;
    let current = true;
    void askSession().then((answer) => {
      if (!current) return;
      if ('admin' in answer && answer.admin) rememberAdmin(answer.admin);
      setSession(answer);
    });
    return () => {
      current = false;
    };
  }, [stored]);
  if (stored) return <Outlet />;
  if (session && 'admin' in session) {
    return session.admin ? <Outlet /> : <Navigate to={adminLoginPath(location)} replace />;
  }
  return (
    <main className="page page-center">
      <p role={session ? 'alert' : 'status'} className="notice">
        {session ? session.error : 'opening the staff page…'}
      </p>
    </main>
  );
}
