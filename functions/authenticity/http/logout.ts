import { clearedCookie, readCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { portalLogoutContract } from '#shared/contracts/authenticity.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { endSession } from '../portal.ts';

/** DELETE /authenticationcard — ends the owner's session (if any) and clears its cookie. */
export const handler = defineHandler(portalLogoutContract, async (_input, event) => {
  assertSameOrigin(event);
  await endSession(readCookie(event, '__Host-owner'));
  return respond(200, { status: 200 } satisfies Answer<typeof portalLogoutContract>, {
    cookies: [clearedCookie('__Host-owner')],
  });
});
