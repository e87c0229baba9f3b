import { reportLost } from '#authenticity/index.ts';
import { readCookie } from '#platform/cookies.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { reportLostContract } from '#shared/contracts/passport.ts';

/**
 * POST /passport/lost { lost } — the logged-in owner reports the piece lost or stolen (true) or
 * found again (false): the record's state and a `lost`/`found` entry of the passport log, in one
 * transaction. While it stands lost, a transfer is refused. 409 "the piece is already reported
 * lost." / "the piece is not reported lost." when it already stands so; 401 without a session.
 */
export const handler = defineHandler(reportLostContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await reportLost({ token: readCookie(event, '__Host-owner'), lost: body.lost, now: Date.now() });
  return { status: 200 as const, lost: body.lost };
});
