import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { startJob } from '#platform/start-job.ts';
import { resetPasswordContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { acceptResetRequest, type ResetLinkRequest } from '../portal.ts';

/** The environment variable naming the reset-link job's function (infra/constructs/reset-link-job.ts, infra/local/stack.ts). */
export const RESET_LINK_FUNCTION = 'RESET_LINK_FUNCTION';

/**
 * POST /reset-pwd { email, cardNumber } — mails the record's owner a one-time link to confirm
 * the reset (POST /reset-pwd/confirm); the present password works until then. The same answer
 * whether the pair matches or not; 429 "you already tried to reset the password today" (one
 * request per card number a day, whatever the email) or too many tries from this address.
 * The spec's call is a GET with both in the query string; a card number and an email do not
 * belong in access logs, and a GET must not change anything, so it is a POST here.
 *
 * No oracle (issue 36): every accepted request does the same work before its answer (the two
 * visible limits, then one asynchronous start of the reset-link job with the pair); reading
 * the record, the card's daily link, the token and the mail happen in that job, after the
 * answer has gone.
 */
export const handler = defineHandler(resetPasswordContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const now = Date.now();
  await acceptResetRequest({ cardNumber: body.cardNumber, address: clientAddress(event), now });
  const request: ResetLinkRequest = { email: body.email, cardNumber: body.cardNumber, now };
  await startJob(RESET_LINK_FUNCTION, { ...request });
  return { status: 200 as const, message: PORTAL_MESSAGES.resetLinkSent };
});
