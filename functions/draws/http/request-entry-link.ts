import { clientAddress } from '#platform/client-address.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { DRAW_MESSAGES, requestEntryLinkContract } from '#shared/contracts/draws.ts';
import { requestEntryLink } from '../entry-links.ts';

/**
 * POST /draws/{drawId}/entry-links { email } (issue 44): a confirmed member's address is mailed a
 * link that enters this draw, any other address how to become a member; 202 with the same words
 * either way. 404 no draw, 409 not open, 429 too many requests from this address.
 */
export const handler = defineHandler(requestEntryLinkContract, async ({ path, body }, event) => {
  assertSameOrigin(event);
  await requestEntryLink({ drawId: path.drawId, email: body.email, client: clientAddress(event) });
  return respond(202, { status: 202, message: DRAW_MESSAGES.linkSent });
});
