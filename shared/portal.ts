import { cardNumberSchema } from '#shared/card-number.ts';
import { LIMITS } from '#shared/constants.ts';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import * as z from '#shared/zod.ts';

export { PORTAL_PAGE } from '#shared/constants.ts';
export { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal-messages.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The portal's card number: the one rule of shared/card-number.ts, with the portal's words. */
export const cardNumberInput = cardNumberSchema;

/** A trimmed, lower-cased e-mail address, every fault answered with `message`. */
const emailInput = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.maxLength(254, { error: message }),
      z.regex(EMAIL, { error: message }),
      z.toLowerCase(),
    );

export const portalLoginSchema = z.object({
  cardNumber: cardNumberInput(PORTAL_MESSAGES.badNumber),
  password: z
    .string({ error: PORTAL_MESSAGES.badPassword })
    .check(z.length(LIMITS.portalPasswordLength, { error: PORTAL_MESSAGES.badPassword })),
});

export const transferSchema = z.object({
  cardNumber: cardNumberInput(PORTAL_MESSAGES.transferBadInput),
  pid: z
    .string({ error: PORTAL_MESSAGES.transferBadInput })
    .check(z.minLength(1, { error: PORTAL_MESSAGES.transferBadInput }), z.maxLength(100)),
  email: emailInput(PORTAL_MESSAGES.transferBadInput),
  pwd: z
    .string({ error: PORTAL_MESSAGES.transferBadInput })
    .check(
      z.minLength(1, { error: PORTAL_MESSAGES.transferBadInput }),
      z.maxLength(LIMITS.portalPasswordLength, { error: PORTAL_MESSAGES.transferDeclined }),
    ),
});

export const resetSchema = z.object({
  email: emailInput(PORTAL_MESSAGES.resetWrong),
  cardNumber: cardNumberInput(PORTAL_MESSAGES.resetWrong),
});

/** A one-time login link is asked for with the card number and the owner's email. */
export const loginLinkSchema = z.object({
  cardNumber: cardNumberInput(PORTAL_MESSAGES.resetWrong),
  email: emailInput(PORTAL_MESSAGES.resetWrong),
});

/** The token of a one-time login link: 32 random bytes, base64url. */
export const loginLinkRedeemSchema = z.object({
  token: z
    .string({ error: PORTAL_MESSAGES.loginLinkInvalid })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: PORTAL_MESSAGES.loginLinkInvalid })),
});

/** The token of a reset link: 32 random bytes, base64url. */
export const resetConfirmSchema = z.object({
  token: z
    .string({ error: PORTAL_MESSAGES.resetLinkInvalid })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: PORTAL_MESSAGES.resetLinkInvalid })),
});
