import { addMember } from '#data/members.ts';
import { takeAttempt } from '#data/rate-limit.ts';
import { clientAddress } from '#lib/client-address.ts';
import { defineHandler } from '#lib/handler.ts';
import { httpError } from '#lib/http-error.ts';
import { LIMITS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import { memberRequestSchema } from '#shared/schemas.ts';

const signupLimit = {
  name: 'signup',
  max: LIMITS.memberSignupsPerWindow,
  windowSeconds: LIMITS.memberSignupWindowSeconds,
};

/** POST /member {email}: become a member. A known email answers the same, and is not stored twice. */
export const handler = defineHandler({ body: memberRequestSchema }, async ({ body }, event) => {
  if (!(await takeAttempt(signupLimit, clientAddress(event)))) throw httpError(429, MESSAGES.signupTryLater);
  await addMember(body.email, new Date());
  return { status: 200 };
});
