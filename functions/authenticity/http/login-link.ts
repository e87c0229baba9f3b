import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { loginLinkContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { requestLoginLink } from '../portal.ts';

/**
 * POST /authenticationcard/login-link { cardNumber, email } — mails the record's owner a
 * one-time login link (the way in while strangers slow the card down). The same answer
 * whether the pair matches or not; 429 "tried too many times today" past ten requests from
 * one address a day.
 */
export const handler = defineHandler(loginLinkContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await requestLoginLink({ ...body, address: clientAddress(event) });
  return { status: 200 as const, message: PORTAL_MESSAGES.loginLinkSent };
});
