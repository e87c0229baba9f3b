import { Link } from 'react-router-dom';
import { MEMBERSHIP_PAGE } from '#shared/membership.ts';

const BECOME = 'become a member';

/**
 * A message of the shop's (a refusal, a notice) with its "become a member" a link to the sign-up:
 * a non-member told they may not enter reaches the membership page in one tap.
 */
export function WithMemberLink({ text }: { text: string }) {
  const at = text.indexOf(BECOME);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to={MEMBERSHIP_PAGE}>{BECOME}</Link>
      {text.slice(at + BECOME.length)}
    </>
  );
}
