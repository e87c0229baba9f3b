import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { LIMITS } from '#shared/constants.ts';
import { postMemberContract } from '#shared/contracts/staff.ts';
import { MEMBER_CONFIRM_DAYS } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { signUpMember } from '../entities/member.ts';
import { confirmLink, signupPage } from '../members.ts';

/** Per client address: a burst allowance and a daily ceiling (shared/constants.ts, LIMITS). */
export const SIGNUP_LIMITS = [
  { name: 'signup', max: LIMITS.memberSignupsPerWindow, windowSeconds: LIMITS.memberSignupWindowSeconds },
  { name: 'signup-day', max: LIMITS.memberSignupsPerDay, windowSeconds: 86_400 },
];

/** Mails per address a day (confirmations and "already a member" notes): nobody can fill someone's inbox with them. */
export const CONFIRMATION_MAIL_LIMIT = { name: 'signup-mail', max: 3, windowSeconds: 86_400 };

/**
 * POST /member {email, page?}: a sign-up (double opt-in), and the membership page's "send it
 * again". It is stored as pending with its consent (when, the page, the words shown, the
 * client's address) and a confirmation link is mailed; only a confirmed member receives
 * releases. Sent again within the link's time, the same sign-up is mailed the same link anew,
 * valid MEMBER_CONFIRM_DAYS from now. A confirmed member is mailed no link but a note that the
 * address is a member already: the page has just promised a mail, and a member who forgot
 * would otherwise wait for one that never comes. Every case counts toward the client's limits
 * and the address's mails, mails once, and answers the same, so the answer tells nobody whether
 * an address is a member.
 */
export const handler = defineHandler(postMemberContract, async ({ body }, event) => {
  const signUp = await signUpMember({
    email: body.email,
    now: new Date(),
    page: signupPage(body.page, event.headers.referer),
    address: clientAddress(event),
    validDays: MEMBER_CONFIRM_DAYS,
    limits: SIGNUP_LIMITS,
    mailLimit: CONFIRMATION_MAIL_LIMIT,
  });
  if (signUp.result === 'limited') throw httpError(429, MESSAGES.signupTryLater);
  try {
    await sendMail(
      signUp.result === 'pending'
        ? {
            to: body.email,
            template: 'member-confirm',
            data: {
              link: confirmLink(body.email, signUp.nonce, signUp.expiresAt),
              days: String(MEMBER_CONFIRM_DAYS),
            },
          }
        : { to: body.email, template: 'member-already', data: {} },
    );
  } catch (error) {
    // The sign-up stays as it is (a pending one expires); the shopper is asked to try again.
    logger.error('member sign-up mail failed', { error: safeError(error) });
    throw httpError(503, MESSAGES.signupTryLater);
  }
  return { status: 200 as const };
});
