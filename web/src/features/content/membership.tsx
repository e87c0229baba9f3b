import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MEMBER_CONSENT, MEMBER_SIGNUP_WORDS } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { Page } from '../../components/page.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { apiPost } from '../../lib/api.ts';
import { SESSION_KEYS } from '../../lib/scroll.ts';
import { Lead } from './content-ui.tsx';
import { PrivacyPolicy, TermsOfUse } from './legal.tsx';

/** 000 §5: some text, @, some text, a dot, some text; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 000 §9: above this many attempts in a session, the request is not sent. */
const MAX_ATTEMPTS = 5;

export function isValidEmail(email: string): boolean {
  return email.length > 0 && EMAIL_PATTERN.test(email);
}

/** Counts a sign-up attempt in this session (starting from 0) and says whether it may be sent. */
function takeSessionAttempt(): boolean {
  const key = SESSION_KEYS.signupAttempts;
  const previous = Number(sessionStorage.getItem(key) ?? '0');
  const attempts = (Number.isFinite(previous) ? previous : 0) + 1;
  sessionStorage.setItem(key, String(attempts));
  return attempts <= MAX_ATTEMPTS;
}

type Notice = { text: string; kind: 'error' | 'received'; at: number };

/**
 * /world/membership (000 §2, §4, §5, §8, §9): the email field stays hidden until "here" is
 * clicked; a valid address is posted to /member; success says "received.". The words of the
 * offer and of the agreement are MEMBER_CONSENT, which the server records with the sign-up (its
 * consent); a confirmation link is then mailed (double opt-in).
 *
 * Issue 34: after "received." the page stays, says a confirmation email is on its way and must
 * be opened within MEMBER_CONFIRM_DAYS, and offers to send it again; its back button then does
 * what the spec does at once (goes back one screen). Going back at once would take the visitor
 * away from the only words telling them they are not a member until they confirm.
 */
export function Membership() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  /** The address a sign-up was taken for: the page then says what comes next. */
  const [sentTo, setSentTo] = useState<string>();
  const [resent, setResent] = useState<Notice | undefined>();
  const [sheet, setSheet] = useState<'terms' | 'privacy' | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const noticeId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // The spec's alert comes once the message is on the page.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => window.alert(notice.text), 0);
    return () => clearTimeout(timer);
  }, [notice]);

  /** The spec's "goes back one screen" after a sign-up, now the follow-up's back button. */
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/world', { replace: true });
  };

  /** Posts the sign-up (counted in the session, 000 §9); true when the server took it. */
  async function post(address: string): Promise<boolean> {
    if (!takeSessionAttempt()) return false;
    try {
      const answer = await apiPost('/member', {
        email: address,
        // Recorded with the consent: the page the words above were shown on.
        page: window.location.pathname,
      });
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setNotice({ text: MESSAGES.invalidEmail, kind: 'error', at: Date.now() });
      return;
    }
    setSending(true);
    setNotice(undefined);
    const taken = await post(value);
    setSending(false);
    if (taken) {
      setSentTo(value);
      setNotice({ text: MESSAGES.signupReceived, kind: 'received', at: Date.now() });
    } else setNotice({ text: MESSAGES.signupTryLater, kind: 'error', at: Date.now() });
  }

  async function sendAgain() {
    if (!sentTo || sending) return;
    setSending(true);
    setResent(undefined);
    const taken = await post(sentTo);
    setSending(false);
    setResent(
      taken
        ? { text: MEMBER_SIGNUP_WORDS.sentAgain, kind: 'received', at: Date.now() }
        : { text: MESSAGES.signupTryLater, kind: 'error', at: Date.now() },
    );
  }

  const error = notice?.kind === 'error' ? notice.text : undefined;

  return (
    <Page title="Membership">
      <Lead>Be the first to know.</Lead>
      <div className="content-prose">
        <p>{MEMBER_CONSENT.offer}</p>
        <h2>What members get</h2>
        <ul>
          <li>An email the moment each new release arrives.</li>
          <li>
            An invitation to every <Link to="/draws">release draw</Link>, the moment it opens: some pieces are
            released by draw, and only members may enter.
          </li>
          <li>A link in every one of these emails that unsubscribes you in one click.</li>
        </ul>
        <p>
          To become a member, leave your email address{' '}
          {open ? (
            'below.'
          ) : (
            <>
              <button type="button" className="content-inline-link" onClick={() => setOpen(true)}>
                here
              </button>
              .
            </>
          )}
        </p>
      </div>

      {open && sentTo && (
        <section className="content-signup-sent" aria-label="your sign-up">
          <p role="status" className="content-notice">
            {MESSAGES.signupReceived}
          </p>
          <p>{MEMBER_SIGNUP_WORDS.mailOnItsWay(sentTo)}</p>
          <p>
            {MEMBER_SIGNUP_WORDS.notThere}{' '}
            <button type="button" className="content-inline-link" onClick={sendAgain} disabled={sending}>
              {MEMBER_SIGNUP_WORDS.sendAgain}
            </button>
            .
          </p>
          <div aria-live="polite" aria-atomic="true">
            {resent?.kind === 'received' && (
              <p role="status" className="content-notice" key={resent.at}>
                {resent.text}
              </p>
            )}
          </div>
          {resent?.kind === 'error' && (
            <p role="alert" className="content-notice error-text" key={resent.at}>
              {resent.text}
            </p>
          )}
          <button type="button" className="button" onClick={goBack}>
            {MEMBER_SIGNUP_WORDS.back}
          </button>
        </section>
      )}

      {open && !sentTo && (
        <form className="content-signup" onSubmit={submit} noValidate aria-label="Membership sign-up">
          <label htmlFor={inputId}>email address</label>
          <div className="content-signup-row">
            <input
              ref={inputRef}
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error === MESSAGES.invalidEmail ? true : undefined}
              aria-describedby={error ? noticeId : undefined}
            />
            <button type="submit" className="button" disabled={sending}>
              confirm
            </button>
          </div>
          <p className="content-consent">
            {MEMBER_CONSENT.agreeBefore}{' '}
            <button type="button" className="content-inline-link" onClick={() => setSheet('terms')}>
              {MEMBER_CONSENT.terms}
            </button>{' '}
            {MEMBER_CONSENT.and}{' '}
            <button type="button" className="content-inline-link" onClick={() => setSheet('privacy')}>
              {MEMBER_CONSENT.privacy}
            </button>
            .
          </p>
          {error && (
            <p id={noticeId} role="alert" className="content-notice error-text">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="content-aside">Membership of our club begins with a purchase.</p>

      <Sheet open={sheet === 'terms'} onClose={() => setSheet(undefined)} title="terms of use">
        <TermsOfUse level={3} />
      </Sheet>
      <Sheet open={sheet === 'privacy'} onClose={() => setSheet(undefined)} title="privacy policy">
        <PrivacyPolicy level={3} />
      </Sheet>
    </Page>
  );
}
