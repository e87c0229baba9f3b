import {
  loginLinkRedeemSchema,
  loginLinkSchema,
  portalLoginSchema,
  resetConfirmSchema,
  resetSchema,
  transferSchema,
} from '#shared/portal.ts';
import { okAnswerSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The authenticity portal (001 §5, §7): the owner's login, card page, logout, transfer and
 * password reset; the staff's records are in authenticity-admin.ts. The owner's session travels in an
 * HttpOnly cookie, which no contract describes.
 */

/** The owner's authenticity page: the spec's fields (status, id, email, authPortalText) plus the piece's name and photos. */
export const portalCardSchema = z.object({
  status: z.literal(200),
  /** The piece (product id). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  authPortalText: z.string(),
  cardNumber: z.string(),
  /**
   * The piece's authenticity photos, in their order: a short-lived link to each (`url`) and,
   * when it has one, its responsive set of short-lived links (`srcset`, one per format).
   */
  photos: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      srcset: z.optional(z.object({ avif: z.string(), webp: z.string(), jpg: z.string() })),
    }),
  ),
});
export type PortalCard = z.output<typeof portalCardSchema>;

/** POST /authenticationcard { cardNumber, password }: logs the owner in (sets the session cookie). */
export const portalLoginContract = { body: portalLoginSchema, response: portalCardSchema } satisfies Contract;

/** GET /authenticationcard: the logged-in owner's page (401 without a live session). */
export const portalCardContract = { response: portalCardSchema } satisfies Contract;

/** DELETE /authenticationcard: ends the owner's session and clears its cookie. */
export const portalLogoutContract = { response: okAnswerSchema } satisfies Contract;

/** POST /transfer-auth { cardNumber, pid, email, pwd }: gives the record to a new owner; ends the session. */
export const transferContract = { body: transferSchema, response: okAnswerSchema } satisfies Contract;

/** POST /reset-pwd { email, cardNumber }: mails the owner a link to confirm the reset. */
export const resetPasswordContract = {
  body: resetSchema,
  response: z.object({ status: z.literal(200), message: z.string() }),
} satisfies Contract;

/** POST /reset-pwd/confirm { token }: the owner confirms; a new password is mailed. */
export const confirmResetContract = {
  body: resetConfirmSchema,
  response: z.object({ status: z.literal(200), message: z.string() }),
} satisfies Contract;

/**
 * POST /authenticationcard/login-link { cardNumber, email }: mails the owner a one-time login
 * link; the same answer whether the pair matches or not.
 */
export const loginLinkContract = {
  body: loginLinkSchema,
  response: z.object({ status: z.literal(200), message: z.string() }),
} satisfies Contract;

/** POST /authenticationcard/login-link/redeem { token }: the link's page logs the owner in (session cookie). */
export const redeemLoginLinkContract = {
  body: loginLinkRedeemSchema,
  response: portalCardSchema,
} satisfies Contract;
