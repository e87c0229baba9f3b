import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { resetPasswordContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { requestReset } from '../portal.ts';

/**
 * POST /reset-pwd { email, cardNumber } — mails the record's owner a one-time link to confirm
 * the reset (POST /reset-pwd/confirm); the present password works until then. The same answer
 * whether the pair matches or not; 429 "you already tried to reset the password today" (one
 * request per card number a day, whatever the email) or too many tries from this address.
 * The spec's call is a GET with both in the query string; a card number and an email do not
 * belong in access logs, and a GET must not change anything, so it is a POST here.
 */
export const handler = defineHandler(resetPasswordContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await requestReset({ ...body, address: clientAddress(event) });
  return { status: 200 as const, message: PORTAL_MESSAGES.resetLinkSent };
});
