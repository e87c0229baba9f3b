import { clearedCookie, readCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { adminLogoutContract } from '#shared/contracts/staff.ts';
import { endSession } from '#table/sessions.ts';

/** DELETE /admin — ends the staff session (if any) and clears its cookie. */
export const handler = defineHandler(adminLogoutContract, async (_input, event) => {
  assertSameOrigin(event);
  await endSession(readCookie(event, '__Host-admin'));
  return respond(200, { status: 200 } satisfies Answer<typeof adminLogoutContract>, {
    cookies: [clearedCookie('__Host-admin')],
  });
});
