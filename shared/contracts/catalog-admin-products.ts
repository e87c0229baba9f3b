import { pageQuerySchema } from '#shared/admin.ts';
import { CARD_NUMBER_RULE, cardNumberSchema } from '#shared/card-number.ts';
import { hasAtMostDecimals } from '#shared/money.ts';
import { idSchema, singleLine } from '#shared/schemas.ts';
import { GENDERS } from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';
import { okSchema, pageShape } from './catalog-admin.ts';
import { adminImageSchema } from './catalog-admin-media.ts';
import type { Contract } from './contract.ts';

/**
 * The staff's product calls (GET/POST/PATCH/DELETE /products). The form's schema only checks
 * types and sizes; which blanks must be filled depends on the collection, so the handler
 * (functions/catalog/admin/products/product-input.ts requireFilled) answers "please fill all
 * the blanks" once the collection is known.
 */

/** Form values arrive as text or numbers; an empty text is a blank. */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A one-line text field (a name, a size): no line breaks or control characters. */
const text = (max: number, what: string) =>
  z.preprocess(
    blankToUndefined,
    z.optional(
      z
        .string({ error: `${what} must be text` })
        .check(
          z.trim(),
          z.maxLength(max, { error: `${what} is at most ${max} characters` }),
          singleLine(what),
        ),
    ),
  );

const price = (what: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v;
    },
    z.optional(
      z.number({ error: `${what} must be a number` }).check(
        z.gte(0, { error: `${what} cannot be negative` }),
        z.lte(100_000_000, { error: `${what} is too large` }),
        z.refine((n) => hasAtMostDecimals(n, 2), { error: `${what} has at most 2 decimals` }),
      ),
    ),
  );

const flag = z.preprocess(
  (value) =>
    value === 'true' || value === 1 || value === '1'
      ? true
      : value === 'false' || value === 0 || value === '0'
        ? false
        : value,
  z.optional(z.boolean({ error: 'must be true or false' })),
);

const choice = <T extends number>(values: readonly T[], what: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z.optional(
      // The refinement narrows the number to one of the values, as classic zod's did.
      z.number({ error: `${what} must be one of ${values.join(', ')}` }).check(
        z.refine((n) => values.includes(n as T), {
          error: `${what} must be one of ${values.join(', ')}`,
        }),
      ) as unknown as z.ZodMiniType<T, number>,
    ),
  );

/**
 * The steel card's number: exactly 16 digits (the portal's rule, shared/card-number.ts), typed
 * in groups of 4 or not; stored as digits. A blank is left to requireFilled ("fill all the blanks").
 */
const cardNumber = z.preprocess(blankToUndefined, z.optional(cardNumberSchema(CARD_NUMBER_RULE)));

const colours = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z.optional(
    z
      .array(
        z.preprocess(
          (c) => (typeof c === 'string' ? c.trim() : c),
          z
            .string({ error: 'a colour must be text' })
            .check(z.maxLength(40, { error: 'a colour name is at most 40 characters' })),
        ),
        {
          error: 'the colours must be a list',
        },
      )
      .check(z.maxLength(20, { error: 'at most 20 colours' })),
  ),
);

const optionalId = z.preprocess(blankToUndefined, z.optional(idSchema));

/** The admin product form (001 §3 Product, §5): what POST and PATCH /products accept. */
export const productFormSchema = z.object({
  name: text(200, 'the name'),
  priceUs: price('the US price'),
  priceCanada: price('the Canadian price'),
  size: text(40, 'the size'),
  sizeId: optionalId,
  cardNumber,
  status: choice([0, 1] as const, 'the status'),
  typeId: optionalId,
  gender: choice(GENDERS, 'the gender'),
  /** The spec's "colour list"; `colours` and `colors` are accepted too. */
  colors: colours,
  colours,
  colour: colours,
  removeShipmentCharge: flag,
  singleproduct: flag,
  soldOnOtherPlatform: flag,
});
export type ProductForm = z.output<typeof productFormSchema>;

export const createProductSchema = productFormSchema;
export const updateProductSchema = z.extend(productFormSchema, { id: idSchema });

/** Answers. */

/** A product as staff see it: every field of the piece (card number included), no table keys. */
export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** '' for a single piece outside any collection. */
  typeId: z.string(),
  typeName: z.string(),
  gender: z.literal(GENDERS),
  size: z.optional(z.string()),
  sizeId: z.optional(z.string()),
  /** One colour per colour area, in area order. */
  colors: z.array(z.string()),
  /** 1 available, 0 sold. */
  status: z.literal([0, 1]),
  priceUs: z.number(),
  priceCanada: z.optional(z.number()),
  cardNumber: z.optional(z.string()),
  removeShipmentCharge: z.boolean(),
  singleproduct: z.boolean(),
  soldOnOtherPlatform: z.boolean(),
  createdAt: z.string(),
  /** A shopper is paying for it right now (checkout hold until, epoch ms). */
  heldUntil: z.optional(z.number()),
  /** The order that sold it, and when. */
  soldOrder: z.optional(z.string()),
  soldAt: z.optional(z.string()),
});

/** An authenticity record as staff see it: never its password hash. */
export const adminAuthRecordSchema = z.object({
  cardNumber: z.string(),
  pid: z.string(),
  name: z.string(),
  /** '' while the piece has no owner yet. */
  email: z.string(),
  hasPassword: z.boolean(),
  credentialVersion: z.number(),
  createdAt: z.string(),
  transferDateTime: z.optional(z.string()),
});

/** GET /products?offset&pageSize&searchInfo: a page of products, newest first. */
export const productsPageSchema = z.object({
  status: z.literal(200),
  ...pageShape(adminProductSchema),
});

/** GET /products?id: one product for the detail and edit screens. */
export const productDetailSchema = z.object({
  status: z.literal(200),
  product: adminProductSchema,
  /** Its collection's shape; null for a single piece outside any (or a collection gone). */
  type: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      gender: z.literal(GENDERS),
      areaAmount: z.number(),
      singlecollection: z.boolean(),
    }),
  ),
  authRecord: z.nullable(adminAuthRecordSchema),
  /** The main picture (the first product picture), as the storefront opens on it. */
  main: z.nullable(adminImageSchema),
  counts: z.object({
    pictures: z.number().check(z.int()),
    authenticity: z.number().check(z.int()),
    videos: z.number().check(z.int()),
  }),
});

/** GET /products: with `id` one product's detail, else a page of the list. */
export const listProductsContract = {
  query: z.extend(pageQuerySchema, {
    searchInfo: z.optional(
      z.string().check(z.trim(), z.maxLength(100, { error: 'the search is at most 100 characters' })),
    ),
    id: z.optional(idSchema),
  }),
  response: z.union([productDetailSchema, productsPageSchema]),
} satisfies Contract;

/**
 * POST /products/search { offset, pageSize, searchInfo }: GET /products' page, searched in the
 * body, since the search may be a card number (half of an owner's credentials) and URLs are logged.
 */
export const searchProductsContract = {
  body: z.omit(listProductsContract.query, { id: true }),
  response: productsPageSchema,
} satisfies Contract;

const savedProductAnswer = z.object({ status: z.literal(200), id: z.string(), product: adminProductSchema });

/**
 * POST /products — with `passport`: whether the piece's certificate and card code were issued
 * at registration (docs/passport.md); when 'failed', the piece is saved all the same and staff
 * issue them from the passport panel (POST /passport/certificates).
 */
export const createProductContract = {
  body: createProductSchema,
  response: z.extend(savedProductAnswer, { passport: z.optional(z.enum(['issued', 'failed'])) }),
} satisfies Contract;

/** PATCH /products { id, ...the fields of POST /products } */
export const updateProductContract = {
  body: updateProductSchema,
  response: savedProductAnswer,
} satisfies Contract;

/**
 * DELETE /products { id }: read from the body or the query string by the handler
 * (functions/catalog/admin/media/delete-input.ts), so the contract names only the answer.
 */
export const deleteProductInput = z.object({ id: idSchema });
export const deleteProductContract = {
  bodyOrQuery: deleteProductInput,
  response: okSchema,
} satisfies Contract;
