import * as z from 'zod';
import { pageQuerySchema } from '#shared/admin.ts';
import { portalLoginSchema, resetConfirmSchema, resetSchema, transferSchema } from '#shared/portal.ts';
import { emailSchema, idSchema, okAnswerSchema, pageShape } from '#shared/schemas.ts';
import { adminAuthRecordSchema } from './catalog-admin-products.ts';
import type { Contract } from './contract.ts';

/**
 * The authenticity portal (001 §5, §7): the owner's login, card page, logout, transfer and
 * password reset; and the staff's authenticity records. The owner's session travels in an
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
  /** Short-lived links to the piece's authenticity photos, in their order. */
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
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

/* ---------- the staff's authenticity records ---------- */

/** GET /products-auth?offset&pageSize&searchInfo: by card number, piece name or owner e-mail. */
export const productsAuthQuerySchema = pageQuerySchema.extend({
  searchInfo: z.string().trim().max(100, { error: 'the search is at most 100 characters' }).optional(),
});

/** One move of a record to a new owner; `from` is '' when staff gave an owner-less record its owner. */
export const transferEntrySchema = z.object({ at: z.string(), from: z.string(), to: z.string() });

/** GET /products-auth: records newest first, each with its transfer history (oldest first). Never a password. */
export const listProductsAuthContract = {
  query: productsAuthQuerySchema,
  response: z.object({
    status: z.literal(200),
    ...pageShape(adminAuthRecordSchema.extend({ transfers: z.array(transferEntrySchema) })),
  }),
} satisfies Contract;

/**
 * POST /products-auth/search { offset, pageSize, searchInfo }: the same page, searched by an owner's
 * e-mail (personal data) or a card number in the body, never in a URL that logs keep.
 */
export const searchProductsAuthContract = {
  body: productsAuthQuerySchema,
  response: listProductsAuthContract.response,
} satisfies Contract;

/** POST /product-auth { pid, email? }: the body; a blank e-mail counts as none. */
export const productAuthBodySchema = z.object({
  pid: idSchema,
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(emailSchema),
  ),
});

/** POST /product-auth: creates a sold piece's record, or gives an owner-less record its owner. */
export const postProductAuthContract = {
  body: productAuthBodySchema,
  response: z.object({ status: z.literal(200), record: adminAuthRecordSchema }),
} satisfies Contract;
