import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { readLink } from '#platform/signed-links.ts';
import { unsubscribeMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_MESSAGES } from '#shared/membership.ts';
import { suppressAddress } from '../entities/member.ts';

/**
 * POST /member/unsubscribe?token: the RFC 8058 one-click unsubscribe of every mail to members
 * (the mail client posts `List-Unsubscribe=One-Click`, form-encoded; the body is not read)
 * and the unsubscribe page's call. No login: the signed token is the proof. Idempotent: the
 * address goes on the suppression list and its member is unsubscribed, once.
 */
export const handler = defineHandler(unsubscribeMemberContract, async ({ query }) => {
  const link = readLink(query.token, 'unsubscribe');
  if (!link) throw httpError(400, MEMBER_MESSAGES.linkInvalid);
  await suppressAddress(link.e, 'unsubscribe', new Date());
  return { status: 200 as const, message: MEMBER_MESSAGES.unsubscribed };
});
