import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { LIMITS } from '#shared/constants.ts';
import { postMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_CONFIRM_DAYS, MEMBER_CONFIRM_PAGE } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { signUpMember } from '../entities/member.ts';
import { memberLink, signupPage } from '../members.ts';

const signupLimit = {
  name: 'signup',
  max: LIMITS.memberSignupsPerWindow,
  windowSeconds: LIMITS.memberSignupWindowSeconds,
};

/** Confirmation mails per address a day: nobody can fill someone's inbox with them. */
const confirmationMailLimit = { name: 'signup-mail', max: 3, windowSeconds: 86_400 };

/**
 * POST /member {email, page?}: a sign-up (double opt-in). It is stored as pending with its
 * consent (when, the page, the words shown, the client's address) and a confirmation link is
 * mailed; only a confirmed member receives releases. The shopper sees "received." in every
 * case (a confirmed member, an unsubscribed one signing up again), so the answer tells nobody
 * whether an address is a member.
 */
export const handler = defineHandler(postMemberContract, async ({ body }, event) => {
  const signUp = await signUpMember({
    email: body.email,
    now: new Date(),
    page: signupPage(body.page, event.headers.referer),
    address: clientAddress(event),
    validDays: MEMBER_CONFIRM_DAYS,
    limit: signupLimit,
    mailLimit: confirmationMailLimit,
  });
  if (signUp.result === 'limited') throw httpError(429, MESSAGES.signupTryLater);
  if (signUp.result === 'pending') {
    const link = memberLink(MEMBER_CONFIRM_PAGE, { p: 'confirm', e: body.email, n: signUp.nonce });
    try {
      await sendMail({
        to: body.email,
        template: 'member-confirm',
        data: { link, days: String(MEMBER_CONFIRM_DAYS) },
      });
    } catch (error) {
      // The sign-up stays pending (and expires); the shopper is asked to try again.
      logger.error('member confirmation mail failed', { error: safeError(error) });
      throw httpError(503, MESSAGES.signupTryLater);
    }
  }
  return { status: 200 as const };
});
