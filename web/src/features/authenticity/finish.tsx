import { Link, useLocation } from 'react-router-dom';
import { PortalHeading } from './fields.tsx';
import type { FinishState } from './transfer.tsx';
import './authenticity.css';

/** /authenticity/finish (001 §2, §4): shown after a transfer; the session has ended. */
export function Finish() {
  const state = (useLocation().state ?? {}) as FinishState;
  return (
    <main className="portal-page portal-finish">
      <PortalHeading kicker="transfer ownership" title="transfer complete" />
      <p className="portal-lead">
        {state.name ? <em>{state.name}</em> : 'Your piece'} now belongs to its new owner
        {state.email ? (
          <>
            , <span className="portal-email">{state.email}</span>
          </>
        ) : null}
        .
      </p>
      <p className="portal-text">
        The new owner will receive an email with their own password to the authenticity portal. Your password
        no longer works, and you have been logged out.
      </p>
      <p className="portal-text">Thank you for having been part of this piece&rsquo;s story.</p>
      <p className="portal-home">
        <Link to="/home" className="link-button button-quiet">
          return to the boutique
        </Link>
      </p>
    </main>
  );
}
