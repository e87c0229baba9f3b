import * as z from 'zod';
import { LIMITS } from '#shared/constants.ts';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';

export { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal-messages.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits only: the UI shows the number in groups of 4, and a pasted number may carry spaces. */
export const cardNumberInput = (message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.cardNumberDigits}}$`), message));

export const portalLoginSchema = z.object({
  cardNumber: cardNumberInput(PORTAL_MESSAGES.badNumber),
  password: z
    .string({ error: PORTAL_MESSAGES.badPassword })
    .length(LIMITS.portalPasswordLength, PORTAL_MESSAGES.badPassword),
});

export const transferSchema = z.object({
  cardNumber: cardNumberInput(PORTAL_MESSAGES.transferBadInput),
  pid: z
    .string({ error: PORTAL_MESSAGES.transferBadInput })
    .min(1, PORTAL_MESSAGES.transferBadInput)
    .max(100),
  email: z
    .string({ error: PORTAL_MESSAGES.transferBadInput })
    .trim()
    .max(254, PORTAL_MESSAGES.transferBadInput)
    .regex(EMAIL, PORTAL_MESSAGES.transferBadInput)
    .transform((s) => s.toLowerCase()),
  pwd: z
    .string({ error: PORTAL_MESSAGES.transferBadInput })
    .min(1, PORTAL_MESSAGES.transferBadInput)
    .max(LIMITS.portalPasswordLength, PORTAL_MESSAGES.transferDeclined),
});

export const resetSchema = z.object({
  email: z
    .string({ error: PORTAL_MESSAGES.resetWrong })
    .trim()
    .max(254, PORTAL_MESSAGES.resetWrong)
    .regex(EMAIL, PORTAL_MESSAGES.resetWrong)
    .transform((s) => s.toLowerCase()),
  cardNumber: cardNumberInput(PORTAL_MESSAGES.resetWrong),
});

/** The token of a reset link: 32 random bytes, base64url. */
export const resetConfirmSchema = z.object({
  token: z
    .string({ error: PORTAL_MESSAGES.resetLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, PORTAL_MESSAGES.resetLinkInvalid),
});
