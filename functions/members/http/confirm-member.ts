import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { readLink } from '#platform/signed-links.ts';
import { confirmMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_MESSAGES } from '#shared/membership.ts';
import { confirmMember } from '../entities/member.ts';
import { confirmLinkExpired } from '../members.ts';

/**
 * POST /member/confirm { token }: the page the confirmation link opens posts its token; the
 * pending sign-up becomes a confirmed member (and leaves the suppression list). A POST from the
 * page, never the link's GET, so a mail scanner that follows links confirms nobody. The same
 * link twice answers the same; a forged or another sign-up's link is a 400, and a link past its
 * MEMBER_CONFIRM_DAYS a 400 that says it expired.
 */
export const handler = defineHandler(confirmMemberContract, async ({ body }) => {
  const link = readLink(body.token, 'confirm');
  if (!link?.n) throw httpError(400, MEMBER_MESSAGES.linkInvalid);
  const now = new Date();
  if (confirmLinkExpired(link, now)) throw httpError(400, MEMBER_MESSAGES.linkExpired);
  const result = await confirmMember(link.e, link.n, now);
  if (result === 'expired') throw httpError(400, MEMBER_MESSAGES.linkExpired);
  if (result === 'invalid') throw httpError(400, MEMBER_MESSAGES.linkInvalid);
  return { status: 200 as const, message: MEMBER_MESSAGES.confirmed };
});
