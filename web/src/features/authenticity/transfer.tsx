import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import {
  cardQueryKey,
  failureMessage,
  isSignedOut,
  type LoginState,
  type PortalCard,
  transferOwnership,
} from './api.ts';
import { looksLikeEmail, PASSWORD_LENGTH, PasswordField, PortalHeading, TextField } from './fields.tsx';
import { WithCard } from './session.tsx';
import './authenticity.css';

/** What /authenticity/finish may say about the transfer it follows. */
export interface FinishState {
  name?: string;
  email?: string;
}

/**
 * /authenticity/transfer (001 §2, §4, §5): the owner gives the piece's record to a new e-mail
 * address, confirming with their current password. The e-mail's form and a password are
 * checked here ("please input correct information"); a confirm step precedes the call.
 */
export function Transfer() {
  return <WithCard>{(card) => <TransferForm card={card} />}</WithCard>;
}

function TransferForm({ card }: { card: PortalCard }) {
  const base = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ text: string; attempt: number }>();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const newOwner = email.trim();

  const fail = (text: string) => setError((e) => ({ text, attempt: (e?.attempt ?? 0) + 1 }));

  const review = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!looksLikeEmail(newOwner) || password.length === 0 || password.length > PASSWORD_LENGTH) {
      fail(PORTAL_MESSAGES.transferBadInput);
      (looksLikeEmail(newOwner) ? passwordRef : emailRef).current?.focus();
      return;
    }
    setConfirming(true);
  };

  /** Leaves this screen, then forgets the card: the session has ended either way. */
  const leave = async (to: string, state: FinishState | LoginState) => {
    // In this order: while still shown, this screen would ask for the card again.
    await navigate(to, { replace: true, state });
    queryClient.removeQueries({ queryKey: cardQueryKey });
  };

  const transfer = async () => {
    setSending(true);
    try {
      await transferOwnership({ cardNumber: card.cardNumber, pid: card.id, email: newOwner, pwd: password });
    } catch (failure) {
      setSending(false);
      setConfirming(false);
      if (isSignedOut(failure)) await leave('/authenticity', { signedOut: true });
      else fail(failureMessage(failure));
      return;
    }
    setPassword('');
    await leave('/authenticity/finish', { name: card.name, email: newOwner });
  };

  return (
    <main className="portal-page">
      <BackButton to="/authenticity/showingcard" />
      <PortalHeading kicker="transfer ownership" title={card.name} />
      <p className="portal-text">
        Passing this piece on? Enter the email of its new owner. We will send them their own password to this
        page, and yours will stop working.
      </p>

      <form className="portal-panel" onSubmit={review} noValidate aria-labelledby={`${base}-title`}>
        <h2 id={`${base}-title`} className="portal-panel-title">
          new owner
        </h2>
        <TextField
          id={`${base}-email`}
          inputRef={emailRef}
          label="new owner's email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          id={`${base}-password`}
          inputRef={passwordRef}
          label="your current password"
          value={password}
          onChange={setPassword}
        />
        {error && (
          <div key={error.attempt} className="portal-error" role="alert">
            <p>{error.text}</p>
          </div>
        )}
        <button type="submit" className="button portal-submit" disabled={sending}>
          transfer ownership
        </button>
      </form>

      <ConfirmTransfer
        open={confirming}
        sending={sending}
        name={card.name}
        email={newOwner}
        onConfirm={() => void transfer()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  );
}

/**
 * The confirm step (001 §5) as a modal alert dialog on the native <dialog>: it traps focus,
 * starts on "cancel" (the safe choice), closes on Escape and returns focus to the form.
 */
function ConfirmTransfer({
  open,
  sending,
  name,
  email,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  sending: boolean;
  name: string;
  email: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      busy={sending}
      title="transfer this piece?"
      confirm="transfer"
      busyLabel="transferring…"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        <strong>{name}</strong> will be registered to <strong className="portal-email">{email}</strong>.
      </p>
      <p>
        They will receive their own password by email. Your current password will stop working, and this
        cannot be undone from your side.
      </p>
    </ConfirmDialog>
  );
}
