import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { confirmReset, failureMessage } from './api.ts';
import { PortalHeading } from './fields.tsx';
import './authenticity.css';

type Outcome = { kind: 'done' | 'error'; text: string };

/**
 * /authenticity/reset?token=… — the page a reset link opens. Opening it changes nothing (mail
 * scanners follow links); the owner confirms with the button, and the new password is mailed.
 */
export function ConfirmReset() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await confirmReset(token);
      setOutcome({ kind: 'done', text: answer.message ?? PORTAL_MESSAGES.resetSent });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="portal-page">
      <BackButton to="/authenticity" />
      <PortalHeading title="reset your password" />
      <div className="portal-panel">
        <p className="portal-text">
          Confirm to replace the password of your authenticity card. A new password will be mailed to you, and
          every open session of the card will end.
        </p>
        <div aria-live="polite" aria-atomic="true">
          {outcome?.kind === 'done' && <p className="portal-sent">{outcome.text}</p>}
        </div>
        {outcome?.kind === 'error' && (
          <div className="portal-error" role="alert">
            <p>{outcome.text}</p>
          </div>
        )}
        {outcome?.kind !== 'done' && (
          <button
            type="button"
            className="button portal-submit"
            disabled={sending || !token}
            onClick={confirm}
          >
            {sending ? 'one moment…' : 'confirm the reset'}
          </button>
        )}
        <p className="portal-aside">
          <Link to="/authenticity">back to the login</Link>
        </p>
      </div>
    </main>
  );
}
