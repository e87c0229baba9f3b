import { clientAddress } from '#platform/client-address.ts';
import { readCookie, sessionCookie } from '#platform/cookies.ts';
import { defineHandler, respond } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { ADMIN_LIMITS } from '#shared/admin.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { adminLoginContract } from '#shared/contracts/staff.ts';
import { DEVICE_SECONDS } from '#table/devices.ts';
import { endSession } from '#table/sessions.ts';
import { logInAdmin } from '../admin-auth.ts';

/**
 * POST /admin { user, pass } (001 §6, §7): staff log in. → { status, userName } and the staff
 * session cookie (HttpOnly, Secure, SameSite=Strict) and the device cookie. 401 "get out of here!" for any
 * wrong username or password; 429 past 20 wrong tries from one address in 15 minutes, or while
 * strangers' wrong passwords slow the account down (never for a browser that logged in before).
 */
export const handler = defineHandler(adminLoginContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const { username, token, deviceToken } = await logInAdmin(body.user, body.pass, {
    address: clientAddress(event),
    deviceToken: readCookie(event, '__Host-admin-device'),
  });
  // A fresh token at every login; whatever session the browser had before is ended.
  await endSession(readCookie(event, '__Host-admin'));
  return respond(200, { status: 200, userName: username } satisfies Answer<typeof adminLoginContract>, {
    cookies: [
      sessionCookie('__Host-admin', token, ADMIN_LIMITS.sessionAbsoluteSeconds),
      sessionCookie('__Host-admin-device', deviceToken, DEVICE_SECONDS),
    ],
  });
});
