import { pageQuerySchema } from '#shared/admin.ts';
import {
  addShippingAllSchema,
  countryCodeSchema,
  createTypeSchema,
  productImageSchema,
  updateShippingsSchema,
  updateTypeSchema,
  uploadTypeVideoSchema,
} from '#shared/admin-types.ts';
import { INFO_TITLES, type InfoTitle } from '#shared/constants.ts';
import { idSchema } from '#shared/schemas.ts';
import { GENDERS } from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';
import { collectionFlags, collectionNames } from './catalog.ts';
import type { Contract } from './contract.ts';

/**
 * The staff's catalogue screens (functions/catalog/admin/): what is common to their answers,
 * and the collection calls — collections (001 §3 Type), their shipping prices and videos.
 * Products: catalog-admin-products.ts; pictures, uploads and product videos:
 * catalog-admin-media.ts; sizes and size guides: catalog-admin-sizes.ts. The collection
 * requests themselves are declared in shared/admin-types.ts, which the forms share.
 */

/** The answer of a call that only says it worked. */
export const okSchema = z.object({ status: z.literal(200) });

/** A page of a list (functions/table/audit.ts pageOf), spread into the answer next to `status`. */
export const pageShape = <T extends z.ZodMiniType>(item: T) => ({
  pageCount: z.number().check(z.int()),
  total: z.number().check(z.int()),
  list: z.array(item),
});

const genderAnswer = z.literal(GENDERS);
const idQuery = z.object({ id: idSchema });

const infoTexts = Object.fromEntries(INFO_TITLES.map((t) => [t, z.optional(z.string())])) as Record<
  InfoTitle,
  z.ZodMiniOptional<z.ZodMiniString>
>;

/** A collection with every field, the admin-only ones too (entities/collection.ts adminTypeView). */
export const adminCollectionSchema = z.object({
  kind: z.literal('type'),
  ...collectionNames,
  gender: genderAnswer,
  ...collectionFlags,
  /** The colour areas' names, in order (bodice, skirt). */
  areaNames: z.optional(z.array(z.string())),
  preSaleText: z.optional(z.string()),
  discount: z.boolean(),
  /** The code a shopper types at checkout; never shown in the shop. */
  discountCode: z.optional(z.string()),
  /** Percent. */
  discountAmount: z.optional(z.number()),
  /** Shown in the authenticity portal only. */
  authPortalText: z.optional(z.string()),
  /** The image sets as stored: JSON text, or the literal 'undefined' for an empty set. */
  womenproductimage: z.string(),
  menproductimage: z.string(),
  /** Shipping price in USD per ISO country code; a country left out is not shipped to. */
  shippingPrices: z.record(z.string(), z.number()),
  createdAt: z.string(),
  /** The image sets as lists of stored urls, in display order. */
  womenImages: z.array(z.string()),
  menImages: z.array(z.string()),
  ...infoTexts,
});

const collectionAnswer = z.object({ status: z.literal(200), type: adminCollectionSchema });

/** A row of the collections list: its flags, picture counts and cover (the first picture). */
export const collectionRowSchema = z.object({
  ...collectionNames,
  gender: genderAnswer,
  ...collectionFlags,
  discount: z.boolean(),
  createdAt: z.string(),
  womenImageCount: z.number().check(z.int()),
  menImageCount: z.number().check(z.int()),
  /** A stored url (the women's first picture, else the men's); absent with no pictures. */
  cover: z.optional(z.string()),
});

/** GET /types?offset&pageSize: collections newest first. */
export const listTypesContract = {
  query: pageQuerySchema,
  response: z.object({ status: z.literal(200), ...pageShape(collectionRowSchema) }),
} satisfies Contract;

/** GET /type-admin?id: one collection for the edit form. */
export const getTypeAdminContract = { query: idQuery, response: collectionAnswer } satisfies Contract;
/** POST /types */
export const createTypeContract = { body: createTypeSchema, response: collectionAnswer } satisfies Contract;
/** PATCH /types */
export const updateTypeContract = { body: updateTypeSchema, response: collectionAnswer } satisfies Contract;
/** PATCH /types/productimage: one gender's image set, as it should be. */
export const updateProductImageContract = {
  body: productImageSchema,
  response: collectionAnswer,
} satisfies Contract;
/** DELETE /types?id */
export const deleteTypeContract = { query: idQuery, response: okSchema } satisfies Contract;

/** GET /typelist: every collection for a select, by name. */
export const typelistContract = {
  response: z.object({
    status: z.literal(200),
    types: z.array(z.object({ val: z.string(), text: z.string() })),
  }),
} satisfies Contract;

/** GET /type-id-gender: every collection's id, name and gender, by name. */
export const typeIdGenderContract = {
  response: z.object({
    status: z.literal(200),
    types: z.array(z.object({ id: z.string(), name: z.string(), gender: genderAnswer })),
  }),
} satisfies Contract;

/** GET /sizelist-by-tid?tid: a collection's sizes in order, for a select. */
export const sizelistByTidContract = {
  query: z.object({ tid: idSchema }),
  response: z.object({
    status: z.literal(200),
    sizes: z.array(z.object({ val: z.string(), text: z.string(), gender: genderAnswer, index: z.number() })),
  }),
} satisfies Contract;

/** A country's shipping price of one collection (`price: null`: not shipped there). */
export const countryPriceSchema = z.object({
  countryId: z.string(),
  country: z.string(),
  price: z.nullable(z.number()),
});

/** POST /add-shipping-all: one price for every country. */
export const addShippingAllContract = { body: addShippingAllSchema, response: okSchema } satisfies Contract;

/**
 * GET /shipping-price-one?typeId[&countryId]: every country by name; with countryId, that
 * country's price only (its fields left out when the shop does not know the country).
 */
export const shippingPriceOneContract = {
  query: z.object({ typeId: idSchema, countryId: z.optional(countryCodeSchema) }),
  response: z.union([
    z.object({
      status: z.literal(200),
      typeId: z.string(),
      name: z.string(),
      shippingArr: z.array(countryPriceSchema),
    }),
    z.object({ status: z.literal(200), typeId: z.string(), ...z.partial(countryPriceSchema).shape }),
  ]),
} satisfies Contract;

/** PATCH /shippings: the collection's prices after the change. */
export const updateShippingsContract = {
  body: updateShippingsSchema,
  response: z.object({ status: z.literal(200), shippingPrices: z.record(z.string(), z.number()) }),
} satisfies Contract;

/** A collection's (or pillar's) video for a gender; `src` is what a <video> loads. */
export const typeVideoSchema = z.object({ gender: genderAnswer, url: z.string(), src: z.string() });

/** GET /get-type-video?id: a collection's or pillar's videos, one per gender. */
export const getTypeVideoContract = {
  query: idQuery,
  response: z.object({
    status: z.literal(200),
    owner: z.object({ id: z.string(), name: z.string(), pillar: z.boolean() }),
    videos: z.array(typeVideoSchema),
  }),
} satisfies Contract;

/** POST /upload-type-video-new: the video put for that gender. */
export const uploadTypeVideoContract = {
  body: uploadTypeVideoSchema,
  response: z.object({ status: z.literal(200), video: typeVideoSchema }),
} satisfies Contract;
