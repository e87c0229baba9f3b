import { clientAddress } from '#platform/client-address.ts';
import { clearedCookie, readCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { transferContract } from '#shared/contracts/authenticity.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { transferOwnership } from '../portal.ts';

/**
 * POST /transfer-auth { cardNumber, pid, email, pwd } — moves the logged-in owner's record to
 * a new email with a new password (mailed to them only); the old password and every session of
 * the old owner stop working; the transfer joins the record's append-only history.
 * 400 "please input correct information" or "Transfer declined. Check the password";
 * 401 without a session; 429 after 3 tries a day per card or per address.
 */
export const handler = defineHandler(transferContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await transferOwnership({
    ...body,
    token: readCookie(event, '__Host-owner'),
    address: clientAddress(event),
    now: Date.now(),
  });
  return respond(200, { status: 200 } satisfies Answer<typeof transferContract>, {
    cookies: [clearedCookie('__Host-owner')],
  });
});
