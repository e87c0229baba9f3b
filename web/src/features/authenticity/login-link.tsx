import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../components/back-button.tsx';
import { cardQueryKey, failureMessage, redeemLoginLink } from './api.ts';
import { PortalHeading } from './fields.tsx';
import './authenticity.css';

/**
 * /authenticity/link?token=… — the page a one-time login link opens. Opening it logs nobody in
 * (mail scanners follow links); the owner goes on with the button, and sees their piece.
 */
export function RedeemLoginLink() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<{ text: string; attempt: number }>();
  const [sending, setSending] = useState(false);

  const open = async () => {
    if (sending) return;
    setSending(true);
    try {
      const card = await redeemLoginLink(token);
      queryClient.setQueryData(cardQueryKey, card);
      navigate('/authenticity/showingcard');
    } catch (failure) {
      setError((e) => ({ text: failureMessage(failure), attempt: (e?.attempt ?? 0) + 1 }));
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="portal-page">
      <BackButton to="/authenticity" />
      <PortalHeading title="your login link" />
      <div className="portal-panel">
        <p className="portal-text">This link opens the page of your piece once.</p>
        {error && (
          <div key={error.attempt} className="portal-error" role="alert">
            <p>{error.text}</p>
          </div>
        )}
        <button type="button" className="button portal-submit" disabled={sending || !token} onClick={open}>
          {sending ? 'one moment…' : 'open my piece'}
        </button>
        <p className="portal-aside">
          <Link to="/authenticity">back to the login</Link>
        </p>
      </div>
    </main>
  );
}
