import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/page.tsx';
import { cardQuery, failureMessage, isSignedOut, type LoginState, type PortalCard } from './api.ts';

/**
 * The screens behind the owner's session: they read GET /authenticationcard and, when there is
 * no live session (401), send the owner to the login.
 */
export function WithCard({ children }: { children: (card: PortalCard) => ReactNode }) {
  const card = useQuery(cardQuery());
  if (card.isPending) {
    return (
      <main className="portal-page">
        <Loading />
      </main>
    );
  }
  if (card.isError) {
    if (isSignedOut(card.error)) {
      const state: LoginState = { signedOut: true };
      return <Navigate to="/authenticity" replace state={state} />;
    }
    return (
      <main className="portal-page">
        <div className="portal-error" role="alert">
          <p>{failureMessage(card.error)}</p>
        </div>
        <button type="button" className="button button-quiet" onClick={() => void card.refetch()}>
          try again
        </button>
      </main>
    );
  }
  return children(card.data);
}
