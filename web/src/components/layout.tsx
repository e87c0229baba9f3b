import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { rememberEntry } from '../lib/back.ts';
import { BusyNotice } from './busy-notice.tsx';

/** 000 §2: a header with the logo linking home, and a tagline on every page but the root. */
export function Layout() {
  const { pathname, search, key } = useLocation();
  const root = pathname === '/';
  // Which address each position of this tab's history holds, for the Back buttons (lib/back.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new entry (key), even at the same address
  useEffect(() => rememberEntry(`${pathname}${search}`), [pathname, search, key]);
  return (
    <>
      {!root && (
        <header className="site-header">
          <Link to="/home" className="logo" aria-label="One of One Luxury, home">
            One of One
          </Link>
          <p className="tagline">luxury made once</p>
        </header>
      )}
      <BusyNotice />
      <Outlet />
      {/* Forward navigation starts at the top; going back restores the saved offset. */}
      <ScrollRestoration />
    </>
  );
}
