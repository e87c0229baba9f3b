import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ENTRY_LINK_MINUTES } from '#shared/contracts/draws.ts';
import { MEMBERSHIP_PAGE } from '#shared/membership.ts';
import { ApiError } from '../../lib/api.ts';
import { type PublicDraw, requestEntryLink } from './api.ts';
import { WithMemberLink } from './member-link.tsx';

/**
 * The draw's first step (issue 44): the member's e-mail. The shop mails a link that enters the
 * draw to that address if it is a confirmed member's; the page says the same either way, and
 * how to become a member.
 */
export function EntryStart({ draw, lead }: { draw: PublicDraw; lead?: string }) {
  const base = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSent('');
    setSending(true);
    try {
      await requestEntryLink(draw.drawId, email.trim());
      setSent(email.trim());
    } catch (reason) {
      setError(
        reason instanceof ApiError && reason.status < 500 && reason.message
          ? reason.message
          : 'the link could not be asked for. please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="draw-entry draw-start" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="checkout-section-title">
        enter the draw
      </h2>
      <p className="draw-members-only">
        <strong>Members only.</strong> Only members who confirmed their e-mail may enter. Not a member yet?{' '}
        <Link to={MEMBERSHIP_PAGE}>become a member</Link>: it takes your e-mail, and you are invited to every
        draw.
      </p>
      {lead && (
        <p className="checkout-error" role="alert">
          <WithMemberLink text={lead} />
        </p>
      )}
      <p className="checkout-note">
        Give the e-mail you confirmed your membership with: we mail it a link that enters this draw, once,
        within {ENTRY_LINK_MINUTES} minutes. Nobody can enter in a member's name without their mailbox.
      </p>
      <form className="checkout-form draw-start-form" onSubmit={ask} noValidate aria-label="your e-mail">
        <div className="checkout-field checkout-field-wide">
          <label htmlFor={`${base}-email`}>your member e-mail</label>
          <input
            id={`${base}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-required="true"
          />
        </div>
        <button type="submit" className="button checkout-pay" disabled={sending || !email.trim()}>
          {sending ? 'one moment…' : 'mail me the link'}
        </button>
      </form>
      {error && (
        <p className="checkout-error" role="alert">
          <WithMemberLink text={error} />
        </p>
      )}
      {sent && (
        <div className="draw-outcome" role="status">
          <p>
            If {sent} is a confirmed member's address, a link to enter is on its way to it: open it within{' '}
            {ENTRY_LINK_MINUTES} minutes. Each link makes one entry.
          </p>
          <p>
            Not a member yet? <Link to={MEMBERSHIP_PAGE}>become a member</Link>, open the link we mail you,
            then ask again here.
          </p>
        </div>
      )}
    </section>
  );
}
