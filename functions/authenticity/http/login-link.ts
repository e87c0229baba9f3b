import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { startJob } from '#platform/start-job.ts';
import { loginLinkContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { acceptLoginLinkRequest, type ResetLinkRequest } from '../portal.ts';
import { RESET_LINK_FUNCTION } from './reset-password.ts';

/**
 * POST /authenticationcard/login-link { cardNumber, email } — mails the record's owner a
 * one-time login link (the way in while strangers slow the card down). The same answer
 * whether the pair matches or not; 429 "tried too many times today" past ten requests from
 * one address a day.
 *
 * No oracle (issue 44, as /reset-pwd's): every accepted request does the same work before its
 * answer (the address's limit, then one asynchronous start of the portal's link job with the
 * pair); reading the record, the card's daily links, the token and the mail happen in that job,
 * after the answer has gone.
 */
export const handler = defineHandler(loginLinkContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const now = Date.now();
  await acceptLoginLinkRequest({ address: clientAddress(event), now });
  const request: ResetLinkRequest = { email: body.email, cardNumber: body.cardNumber, now };
  await startJob(RESET_LINK_FUNCTION, { ...request, link: 'login' });
  return { status: 200 as const, message: PORTAL_MESSAGES.loginLinkSent };
});
