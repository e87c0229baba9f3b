import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MEMBER_CONFIRMED_WORDS, MEMBER_MESSAGES } from '#shared/membership.ts';
import { Page } from '../../components/page.tsx';
import { ApiError, apiPost } from '../../lib/api.ts';

type Outcome = { kind: 'done' | 'error'; text: string };

/** A refused link: the server's own words when they are one of the members' messages. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 400
    ? (Object.values(MEMBER_MESSAGES) as string[]).includes(error.message)
      ? error.message
      : MEMBER_MESSAGES.linkInvalid
    : 'sorry, please try again later';

/**
 * The page of a link mailed to a member: opening it changes nothing (mail scanners follow
 * links); one press of the button does it, and pressing again answers the same.
 */
function MemberLinkPage(props: {
  title: string;
  text: string;
  button: string;
  send: (token: string) => Promise<{ message: string }>;
  /** Said under the server's answer once the link has done its work. */
  done?: readonly string[];
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);

  const go = async () => {
    if (sending) return;
    setSending(true);
    setOutcome(undefined);
    try {
      setOutcome({ kind: 'done', text: (await props.send(token)).message });
    } catch (error) {
      setOutcome({ kind: 'error', text: failure(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={props.title}>
      <div className="content-prose">
        <p>{props.text}</p>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {outcome?.kind === 'done' && (
          <div role="status">
            <p className="content-notice">{outcome.text}</p>
            {props.done?.map((line) => (
              <p key={line} className="content-notice">
                {line}
              </p>
            ))}
          </div>
        )}
      </div>
      {outcome?.kind === 'error' && (
        <p role="alert" className="content-notice error-text">
          {outcome.text}
        </p>
      )}
      {outcome?.kind !== 'done' && (
        <button type="button" className="button" disabled={sending || !token} onClick={go}>
          {sending ? 'one moment…' : props.button}
        </button>
      )}
      <p className="content-aside">
        <Link to="/world">back</Link>
      </p>
    </Page>
  );
}

/**
 * /world/membership/confirm?token=… — the confirmation link of a sign-up; once confirmed, the
 * page says plainly that the visitor is a member now and what members receive (issue 34).
 */
export function MemberConfirm() {
  return (
    <MemberLinkPage
      title="Membership"
      text="Confirm your membership to receive an email the moment a new release arrives."
      button="confirm my membership"
      done={[MEMBER_CONFIRMED_WORDS.nowMember, MEMBER_CONFIRMED_WORDS.receive]}
      send={(token) =>
        apiPost('/member/confirm', {
          token,
        })
      }
    />
  );
}

/** /world/membership/unsubscribe?token=… — the unsubscribe link of every mail to members. */
export function MemberUnsubscribe() {
  return (
    <MemberLinkPage
      title="Unsubscribe"
      text="Unsubscribe to receive no more emails about new releases."
      button="unsubscribe"
      send={(token) => apiPost('/member/unsubscribe', {}, { token })}
    />
  );
}
