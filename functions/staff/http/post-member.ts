import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { LIMITS } from '#shared/constants.ts';
import { postMemberContract } from '#shared/contracts/staff.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addMember } from '../entities/member.ts';

const signupLimit = {
  name: 'signup',
  max: LIMITS.memberSignupsPerWindow,
  windowSeconds: LIMITS.memberSignupWindowSeconds,
};

/** POST /member {email}: become a member. A known email answers the same, and is not stored twice. */
export const handler = defineHandler(postMemberContract, async ({ body }, event) => {
  const added = await addMember(body.email, new Date(), {
    limit: signupLimit,
    subject: clientAddress(event),
  });
  if (added === 'limited') throw httpError(429, MESSAGES.signupTryLater);
  return { status: 200 as const };
});
