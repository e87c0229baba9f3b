import { type FormEvent, useId, useRef, useState } from 'react';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { failureMessage, requestLoginLink } from './api.ts';
import { CARD_DIGITS, looksLikeEmail, TextField } from './fields.tsx';

type Outcome = { kind: 'sent' | 'error'; text: string; attempt: number };

/**
 * Shown with a 429 on the login: the owner's way in that no stranger can slow down. The server
 * mails a one-time login link to the record's email; its answer is the same whether the email
 * and card number match or not.
 */
export function LoginLinkOffer({ cardNumber }: { cardNumber: string }) {
  const base = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const show = (kind: Outcome['kind'], text: string) =>
    setOutcome((o) => ({ kind, text, attempt: (o?.attempt ?? 0) + 1 }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!looksLikeEmail(address) || cardNumber.length !== CARD_DIGITS) {
      show('error', PORTAL_MESSAGES.resetWrong);
      emailRef.current?.focus();
      return;
    }
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await requestLoginLink(cardNumber, address);
      show('sent', answer.message ?? PORTAL_MESSAGES.loginLinkSent);
    } catch (error) {
      show('error', failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="portal-panel" onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="portal-panel-title">
        a one-time login link
      </h2>
      <p className="portal-text">
        {PORTAL_MESSAGES.loginLinkOffer} Enter the email your piece is registered to: the link opens your
        piece once, from this browser, whoever else is trying the card.
      </p>
      <TextField
        id={`${base}-email`}
        inputRef={emailRef}
        label="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
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
        {sending ? 'one moment…' : 'mail me a login link'}
      </button>
    </form>
  );
}
