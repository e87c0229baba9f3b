import { readCookie } from '#platform/cookies.ts';
import { defineHandler } from '#platform/handler.ts';
import { portalCardContract } from '#shared/contracts/authenticity.ts';
import { ownerSession } from '../owner-session.ts';
import { cardView } from '../portal.ts';

/**
 * GET /authenticationcard — the logged-in owner's authenticity page: status, id, email,
 * authPortalText (001 §7), the product's name and short-lived links to its authenticity photos.
 * 401 without a live session (none, expired, ended, or the record transferred or reset since).
 */
export const handler = defineHandler(portalCardContract, async (_input, event) => {
  const { record } = await ownerSession(readCookie(event, '__Host-owner'));
  return cardView(record);
});
