import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { readLink } from '#platform/signed-links.ts';
import { unsubscribeMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_MESSAGES } from '#shared/membership.ts';
import { unsubscribeMember } from '../entities/member.ts';
import { unsubscribeLinkExpired } from '../members.ts';

/**
 * POST /member/unsubscribe?token: the RFC 8058 one-click unsubscribe of every mail to members
 * (the mail client posts `List-Unsubscribe=One-Click`, form-encoded; the body is not read)
 * and the unsubscribe page's call. No login: the signed token is the proof, for the one
 * subscription it was mailed for and for a year (members.ts). Idempotent: the member is
 * unsubscribed and the address goes on the suppression list, once. A link past its year, or of
 * an earlier subscription of the address (unsubscribed, then signed up again), is a 400 that
 * says so and changes nothing.
 */
export const handler = defineHandler(unsubscribeMemberContract, async ({ query }) => {
  const link = readLink(query.token, 'unsubscribe');
  if (!link) throw httpError(400, MEMBER_MESSAGES.linkInvalid);
  const now = new Date();
  if (unsubscribeLinkExpired(link, now)) throw httpError(400, MEMBER_MESSAGES.unsubscribeExpired);
  const result = await unsubscribeMember(link.e, link.s, now);
  if (result === 'other-subscription') throw httpError(400, MEMBER_MESSAGES.unsubscribeOtherMembership);
  return { status: 200 as const, message: MEMBER_MESSAGES.unsubscribed };
});
