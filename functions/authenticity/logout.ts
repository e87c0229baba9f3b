import { endSession } from '#domain/portal.ts';
import { clearedCookie, readCookie } from '#lib/cookies.ts';
import { defineHandler, respond } from '#lib/handler.ts';
import { assertSameOrigin } from '#lib/same-origin.ts';

/** DELETE /authenticationcard — ends the owner's session (if any) and clears its cookie. */
export const handler = defineHandler({}, async (_input, event) => {
  assertSameOrigin(event);
  await endSession(readCookie(event, '__Host-owner'));
  return respond(200, { status: 200 }, { cookies: [clearedCookie('__Host-owner')] });
});
