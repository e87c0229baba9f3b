import { clientAddress } from '#platform/client-address.ts';
import { readCookie, sessionCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { portalLoginContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_LIMITS } from '#shared/portal.ts';
import { DEVICE_SECONDS } from '#table/devices.ts';
import { logIn } from '../portal.ts';

/**
 * POST /authenticationcard { cardNumber, password } — the portal login. The spec's call is a
 * GET with the password in the query string; a query string ends up in access logs and
 * browser history, so the credentials travel in the body here and GET reads the session.
 * Answers the spec's fields (status, id, email, authPortalText) with the photos and sets the
 * owner's session cookie and the device cookie (this browser logged in to the card: strangers'
 * wrong passwords never slow it down).
 */
export const handler = defineHandler(portalLoginContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const { card, token, deviceToken } = await logIn(
    body,
    { address: clientAddress(event), deviceToken: readCookie(event, '__Host-owner-device') },
    readCookie(event, '__Host-owner'),
  );
  return respond(200, card, {
    cookies: [
      sessionCookie('__Host-owner', token, PORTAL_LIMITS.sessionAbsoluteSeconds),
      sessionCookie('__Host-owner-device', deviceToken, DEVICE_SECONDS),
    ],
  });
});
