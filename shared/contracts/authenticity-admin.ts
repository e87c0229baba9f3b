import { pageQuerySchema } from '#shared/admin.ts';
import { emailSchema, idSchema, pageShape } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import { adminAuthRecordSchema } from './catalog-admin-products.ts';
import type { Contract } from './contract.ts';

/** The staff's authenticity records (001 §7): listed, searched and created in the admin area. */
/** GET /products-auth?offset&pageSize&searchInfo: by card number, piece name or owner e-mail. */
export const productsAuthQuerySchema = z.extend(pageQuerySchema, {
  searchInfo: z.optional(
    z.string().check(z.trim(), z.maxLength(100, { error: 'the search is at most 100 characters' })),
  ),
});

/** One move of a record to a new owner; `from` is '' when staff gave an owner-less record its owner. */
export const transferEntrySchema = z.object({ at: z.string(), from: z.string(), to: z.string() });

/** GET /products-auth: records newest first, each with its transfer history (oldest first). Never a password. */
export const listProductsAuthContract = {
  query: productsAuthQuerySchema,
  response: z.object({
    status: z.literal(200),
    ...pageShape(z.extend(adminAuthRecordSchema, { transfers: z.array(transferEntrySchema) })),
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
