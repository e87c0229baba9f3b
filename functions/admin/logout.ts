import { endSession } from '#data/sessions.ts';
import { clearedCookie, readCookie } from '#lib/cookies.ts';
import { defineHandler, respond } from '#lib/handler.ts';
import { assertSameOrigin } from '#lib/same-origin.ts';

/** DELETE /admin — ends the staff session (if any) and clears its cookie. */
export const handler = defineHandler({}, async (_input, event) => {
  assertSameOrigin(event);
  await endSession(readCookie(event, '__Host-admin'));
  return respond(200, { status: 200 }, { cookies: [clearedCookie('__Host-admin')] });
});
