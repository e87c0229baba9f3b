import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { LIMITS } from '#shared/constants.ts';
import { postMemberContract } from '#shared/contracts/staff.ts';
import { MESSAGES } from '#shared/messages.ts';
import { takeAttempt } from '#table/rate-limit.ts';
import { addMember } from '../entities/member.ts';

const signupLimit = {
  name: 'signup',
  max: LIMITS.memberSignupsPerWindow,
  windowSeconds: LIMITS.memberSignupWindowSeconds,
};

/** POST /member {email}: become a member. A known email answers the same, and is not stored twice. */
export const handler = defineHandler(postMemberContract, async ({ body }, event) => {
  if (!(await takeAttempt(signupLimit, clientAddress(event)))) throw httpError(429, MESSAGES.signupTryLater);
  await addMember(body.email, new Date());
  return { status: 200 as const };
});
