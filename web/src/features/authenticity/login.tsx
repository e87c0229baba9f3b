import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { cardQueryKey, failureMessage, type LoginState, logIn } from './api.ts';
import { CARD_DIGITS, CardNumberField, PASSWORD_LENGTH, PasswordField, PortalHeading } from './fields.tsx';
import { LoginLinkOffer } from './login-link-offer.tsx';
import './authenticity.css';

type FormError = { text: string; notGenuine?: boolean; offerLink?: boolean; attempt: number };

/**
 * /authenticity (001 §2, §5, §8): the owner opens the page of their piece with the 16-digit
 * number of its steel card and the password we emailed. The number is checked here first
 * (16 digits, 16 characters), then by the server, which also counts the tries of the day.
 */
export function Login() {
  const base = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedOut = (location.state as LoginState | null)?.signedOut === true;

  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [formError, setFormError] = useState<FormError>();
  const [sending, setSending] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const badNumber = number.length !== CARD_DIGITS;
    const badPassword = password.length !== PASSWORD_LENGTH;
    setNumberError(badNumber ? PORTAL_MESSAGES.badNumber : undefined);
    setPasswordError(badPassword ? PORTAL_MESSAGES.badPassword : undefined);
    setFormError(undefined);
    if (badNumber || badPassword) {
      (badNumber ? numberRef : passwordRef).current?.focus();
      return;
    }
    setSending(true);
    const attempt = (formError?.attempt ?? 0) + 1;
    try {
      const card = await logIn(number, password);
      setPassword('');
      queryClient.setQueryData(cardQueryKey, card);
      navigate('/authenticity/showingcard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.message === PORTAL_MESSAGES.badNumber) {
        setNumberError(error.message);
        numberRef.current?.focus();
      } else if (
        error instanceof ApiError &&
        error.status === 400 &&
        error.message === PORTAL_MESSAGES.badPassword
      ) {
        setPasswordError(error.message);
        passwordRef.current?.focus();
      } else if (error instanceof ApiError && error.status === 401) {
        setFormError({ text: PORTAL_MESSAGES.wrongCredentials, notGenuine: true, attempt });
      } else if (error instanceof ApiError && error.status === 429) {
        // The address's daily limit or the card's short throttle: the server says which.
        const known = error.message === PORTAL_MESSAGES.slowDown;
        setFormError({
          text: known ? PORTAL_MESSAGES.slowDown : PORTAL_MESSAGES.tooManyTries,
          offerLink: true,
          attempt,
        });
      } else {
        setFormError({ text: failureMessage(error), attempt });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="portal-page">
      <BackButton to="/home" />
      <PortalHeading kicker="the owners' portal" title="authenticity" />
      <p className="portal-lead">Every piece we make is one of one.</p>
      <p className="portal-text">
        Enter the 16-digit number engraved on the stainless steel card that came with your piece, and the
        password we sent to your email, to see the photographs that record its authenticity.
      </p>
      {signedOut && !formError && (
        <p className="portal-note" role="status">
          {PORTAL_MESSAGES.notLoggedIn}
        </p>
      )}

      <form className="portal-panel" onSubmit={submit} noValidate aria-labelledby={`${base}-legend`}>
        <h2 id={`${base}-legend`} className="portal-panel-title">
          your card
        </h2>
        <CardNumberField
          id={`${base}-number`}
          inputRef={numberRef}
          hint="16 digits, as engraved on the card"
          value={number}
          onChange={setNumber}
          error={numberError}
        />
        <PasswordField
          id={`${base}-password`}
          inputRef={passwordRef}
          value={password}
          onChange={setPassword}
          error={passwordError}
        />
        {formError && (
          <div key={formError.attempt} className="portal-error" role="alert">
            <p>{formError.text}</p>
            {formError.notGenuine && (
              <p className="portal-error-more">
                If this card came with your piece and still does not open its page, the piece may not be
                genuine. Please <Link to="/more/contact_us">contact us</Link>.
              </p>
            )}
          </div>
        )}
        <button type="submit" className="button portal-submit" disabled={sending}>
          {sending ? 'one moment…' : 'open my piece'}
        </button>
        <p className="portal-aside">
          <Link to="/forgot-pwd">forgot your password?</Link>
        </p>
      </form>
      {formError?.offerLink && <LoginLinkOffer cardNumber={number} />}
    </main>
  );
}
