import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import type { postMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_CONSENT } from '#shared/membership.ts';
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
 * clicked; a valid address is posted to /member; success says "received." and goes back.
 * The words of the offer and of the agreement are MEMBER_CONSENT, which the server records
 * with the sign-up (its consent); a confirmation link is then mailed (double opt-in).
 */
export function Membership() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [sheet, setSheet] = useState<'terms' | 'privacy' | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const noticeId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // The spec's alert comes once the message is on the page; success then goes back one screen.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      window.alert(notice.text);
      if (notice.kind === 'received') {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) navigate(-1);
        else navigate('/world', { replace: true });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setNotice({ text: MESSAGES.invalidEmail, kind: 'error', at: Date.now() });
      return;
    }
    if (!takeSessionAttempt()) {
      setNotice({ text: MESSAGES.signupTryLater, kind: 'error', at: Date.now() });
      return;
    }
    setSending(true);
    setNotice(undefined);
    try {
      const answer = await apiPost<Answer<typeof postMemberContract>>('/member', {
        email: value,
        // Recorded with the consent: the page the words above were shown on.
        page: window.location.pathname,
      } satisfies Body<typeof postMemberContract>);
      setNotice(
        answer.status === 200
          ? { text: MESSAGES.signupReceived, kind: 'received', at: Date.now() }
          : { text: MESSAGES.signupTryLater, kind: 'error', at: Date.now() },
      );
    } catch {
      setNotice({ text: MESSAGES.signupTryLater, kind: 'error', at: Date.now() });
    } finally {
      setSending(false);
    }
  }

  const error = notice?.kind === 'error' ? notice.text : undefined;

  return (
    <Page title="Membership">
      <Lead>Be the first to know.</Lead>
      <div className="content-prose">
        <p>{MEMBER_CONSENT.offer}</p>
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

      {open && (
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
          {notice?.kind === 'received' && (
            <p role="status" className="content-notice">
              {notice.text}
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
