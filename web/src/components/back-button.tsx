import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { backIs, historyIndex, parentOf } from '../lib/back.ts';
import { useNavValues } from '../lib/nav-input.ts';

/**
 * 000 §2: every information page has a Back button that goes to a given address or one step
 * back, and the page it returns to comes back at its scroll position (the router's
 * ScrollRestoration; the product page also its last clicked link). Where the shopper came from
 * a page of this site, that page is where Back goes (when `to` is given, if the previous page is
 * `to`); on a direct landing it goes to `to` or to the page's parent (lib/back.ts), never off
 * the site.
 */
export function BackButton({ to, label = 'back' }: { to?: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const values = useNavValues();
  const back = () => {
    const inSite = historyIndex() > 0;
    if (inSite && (!to || backIs(to))) {
      navigate(-1);
      return;
    }
    // In place of the landing: the parent's own Back then goes on up, not back down here.
    navigate(to ?? parentOf(location.pathname, values), { replace: !inSite });
  };
  return (
    <button type="button" className="back-button" onClick={back}>
      <span aria-hidden="true">←</span> {label}
    </button>
  );
}

/**
 * A back link (000 §2: a film's "back link" to /allvideos, a collection video's to /home): a
 * plain link to `to`, which, when the shopper came from `to`, goes one step back instead, so
 * that page returns at its scroll position.
 */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        if (historyIndex() > 0 && backIs(to)) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      {children}
    </Link>
  );
}
