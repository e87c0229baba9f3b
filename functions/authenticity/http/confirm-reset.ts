import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { confirmResetContract } from '#shared/contracts/authenticity.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { confirmReset } from '../portal.ts';

/**
 * POST /reset-pwd/confirm { token } — the owner confirms the reset link mailed to them: a new
 * password is mailed and every session of the card ends. A POST from the page the link opens,
 * never the link's GET itself, so a mail scanner that follows links resets nothing.
 * 400 "this link is no longer valid. please ask for a new one." for a used, expired or voided link.
 */
export const handler = defineHandler(confirmResetContract, async ({ body }, event) => {
  assertSameOrigin(event);
  await confirmReset({ token: body.token });
  return { status: 200 as const, message: PORTAL_MESSAGES.resetSent };
});
