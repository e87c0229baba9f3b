import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { failureMessage, resetPassword } from './api.ts';
import { CARD_DIGITS, CardNumberField, looksLikeEmail, PortalHeading, TextField } from './fields.tsx';
import './authenticity.css';

type Outcome = { kind: 'sent' | 'error'; text: string; attempt: number };

/**
 * /forgot-pwd (001 §2, §8): the owner's email and the card's number; the server mails the
 * record's owner a link to confirm the reset (one request per card a day) and its answer, the
 * same whether the pair matches or not, is shown as it comes.
 */
export function ForgotPassword() {
  const base = useId();
  const [email, setEmail] = useState('');
  const [number, setNumber] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);

  const show = (kind: Outcome['kind'], text: string) =>
    setOutcome((o) => ({ kind, text, attempt: (o?.attempt ?? 0) + 1 }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!looksLikeEmail(address) || number.length !== CARD_DIGITS) {
      show('error', PORTAL_MESSAGES.resetWrong);
      (looksLikeEmail(address) ? numberRef : emailRef).current?.focus();
      return;
    }
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await resetPassword(address, number);
      show('sent', answer.message ?? PORTAL_MESSAGES.resetLinkSent);
    } catch (error) {
      show('error', failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="portal-page">
      <BackButton to="/authenticity" />
      <PortalHeading title="forgot your password?" />
      <p className="portal-text">
        Enter the email the piece is registered to and the 16-digit number of its steel card. We will send a
        link to that email; once you confirm it there, a new password is mailed to you. Until then your
        present password keeps working.
      </p>

      <form className="portal-panel" onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
        <h2 id={`${base}-title`} className="portal-panel-title">
          a new password
        </h2>
        <TextField
          id={`${base}-email`}
          inputRef={emailRef}
          label="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <CardNumberField
          id={`${base}-number`}
          inputRef={numberRef}
          hint="16 digits, as engraved on the card"
          value={number}
          onChange={setNumber}
        />
        <div aria-live="polite" aria-atomic="true">
          {outcome?.kind === 'sent' && (
            <p key={outcome.attempt} className="portal-sent">
              {outcome.text}
            </p>
          )}
        </div>
        {outcome?.kind === 'error' && (
          <div key={outcome.attempt} className="portal-error" role="alert">
            <p>{outcome.text}</p>
          </div>
        )}
        <button type="submit" className="button portal-submit" disabled={sending}>
          {sending ? 'one moment…' : 'send a reset link'}
        </button>
        <p className="portal-aside">
          <Link to="/authenticity">back to the login</Link>
        </p>
      </form>
    </main>
  );
}
