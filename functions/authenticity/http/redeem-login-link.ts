import { clientAddress } from '#platform/client-address.ts';
import { readCookie, sessionCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { redeemLoginLinkContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_LIMITS } from '#shared/portal.ts';
import { DEVICE_SECONDS } from '#table/devices.ts';
import { redeemLoginLink } from '../portal.ts';

/**
 * POST /authenticationcard/login-link/redeem { token } — the page a login link opens sends it
 * (a POST, never the link's GET itself, so a mail scanner that follows links logs nobody in):
 * the link is spent and the owner gets a session, as a password login gives, and the device
 * cookie. 400 "this login link is no longer valid…" for a used, expired or voided link.
 */
export const handler = defineHandler(redeemLoginLinkContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const { card, token, deviceToken } = await redeemLoginLink({
    token: body.token,
    client: { address: clientAddress(event), deviceToken: readCookie(event, '__Host-owner-device') },
    previousToken: readCookie(event, '__Host-owner'),
  });
  return respond(200, card, {
    cookies: [
      sessionCookie('__Host-owner', token, PORTAL_LIMITS.sessionAbsoluteSeconds),
      sessionCookie('__Host-owner-device', deviceToken, DEVICE_SECONDS),
    ],
  });
});
