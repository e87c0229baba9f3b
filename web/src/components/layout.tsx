import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';

/** 000 §2: a header with the logo linking home, and a tagline on every page but the root. */
export function Layout() {
  const { pathname } = useLocation();
  const root = pathname === '/';
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
      <Outlet />
      {/* Forward navigation starts at the top; going back restores the saved offset. */}
      <ScrollRestoration />
    </>
  );
}
