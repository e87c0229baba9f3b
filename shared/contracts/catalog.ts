import {
  colorListSchema,
  doubledGenderSchema,
  genderCodeSchema,
  genderSchema,
  idSchema,
  infoTitleSchema,
  optionalSizeSchema,
  publicImageTypeSchema,
} from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The storefront's catalogue reads (000 §7): collections, products, sizes and size guides,
 * pictures, videos, colours and shipping prices. Every answer is an allow-listed view
 * (functions/catalog/rules/public-views.ts): no admin-only field appears here.
 */

/** How every view of a collection names it (its gender, typed per view, comes next). */
export const collectionNames = { id: z.string(), name: z.string(), label: z.optional(z.string()) };
/** The flags every view of a collection shows: its colour areas (one colour each), single piece, sold out, pre-sale. */
export const collectionFlags = {
  areaAmount: z.number(),
  singlecollection: z.boolean(),
  issoldout: z.boolean(),
  preSale: z.boolean(),
};

/** A collection as a shopper sees it (publicType). */
export const publicCollectionSchema = z.object({
  ...collectionNames,
  gender: genderCodeSchema,
  ...collectionFlags,
  /** The colour areas' names, in order (bodice, skirt), when the collection names them. */
  areaNames: z.optional(z.array(z.string())),
  /** Only while the collection is on pre-sale. */
  preSaleText: z.optional(z.string()),
  discount: z.boolean(),
  /** JSON arrays of image urls, as text; the literal 'undefined' for an empty set. */
  menproductimage: z.string(),
  womenproductimage: z.string(),
});

/** The draw a piece is offered by, and its entry window (ISO times). */
export const pieceDrawSchema = z.object({ drawId: z.string(), opensAt: z.string(), closesAt: z.string() });

/** A piece as a shopper sees it (publicProduct). */
export const publicProductSchema = z.object({
  id: z.string(),
  /** Empty for a single piece outside any collection. */
  typeId: z.string(),
  typeName: z.string(),
  name: z.string(),
  gender: genderCodeSchema,
  size: z.optional(z.string()),
  sizeId: z.optional(z.string()),
  /** One colour per colour area, in area order. */
  colors: z.array(z.string()),
  priceUs: z.number(),
  singleproduct: z.boolean(),
  removeShipmentCharge: z.boolean(),
  /** 1 available, 0 sold. */
  status: z.union([z.literal(0), z.literal(1)]),
  sold: z.boolean(),
  /** Offered by a release draw (issue 35): the page shows "enter the draw" until its window closes. */
  draw: z.optional(pieceDrawSchema),
});

/** The short form of a piece in /has-single-product (productSummary). */
export const productSummarySchema = z.object({
  id: z.string(),
  typeId: z.string(),
  name: z.string(),
  gender: genderCodeSchema,
  sold: z.boolean(),
});

/** A size of a collection (publicSize). */
export const publicSizeSchema = z.object({
  sizeId: z.string(),
  /** The size's name. */
  size: z.string(),
  gender: genderCodeSchema,
  /** Shown to women (and to all on a unisex size). */
  description: z.optional(z.string()),
  menDescription: z.optional(z.string()),
  menMeaning: z.optional(z.string()),
  womenMeaning: z.optional(z.string()),
});

/** A size guide entry (publicSizeGuide); its figures are text. */
export const publicSizeGuideSchema = z.object({
  id: z.string(),
  name: z.string(),
  index: z.number(),
  fromCm: z.optional(z.string()),
  toCm: z.optional(z.string()),
  fromInches: z.optional(z.string()),
  toInches: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  largeImgUrl: z.optional(z.string()),
  description: z.optional(z.string()),
  /** 000 §3: 1 range, 2 less than, 3 more than, 4 length, 5 a single value. */
  type: z.number(),
});

/** A stored picture (publicImage): product (1) or collection (3–6) pictures. */
export const publicImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  type: z.number(),
  index: z.number(),
});

const colorChoiceSchema = z.object({ color: z.string() });

const infoContent = z.object({ status: z.literal(200), content: z.string() });

/** GET /get-pro-related-video?id&gender: a collection's (or pillar's) video for a gender. */
export const getProRelatedVideoContract = {
  query: z.object({ id: idSchema, gender: doubledGenderSchema }),
  response: z.object({ status: z.literal(200), video: z.string() }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /getTypeByGender?gender: the collections for women or men, unisex ones included. */
export const getTypeByGenderContract = {
  query: z.object({ gender: genderSchema }),
  response: z.object({ status: z.literal(200), types: z.array(publicCollectionSchema) }),
  cache: 'availability',
} satisfies Contract;

/** GET /has-single-product?id[&gender]: the products of a collection. */
export const hasSingleProductContract = {
  query: z.object({ id: idSchema, gender: z.optional(genderSchema) }),
  response: z.object({ status: z.literal(200), products: z.array(productSummarySchema) }),
  cache: 'availability',
} satisfies Contract;

/** GET /get-imgs-by-pid?id&type[&gender&usrType]: product or collection pictures, in order. */
export const getImgsByPidContract = {
  query: z.object({
    id: idSchema,
    type: publicImageTypeSchema,
    gender: z.optional(genderSchema),
    usrType: z.optional(z.string().check(z.maxLength(20))),
  }),
  response: z.object({ status: z.literal(200), imgs: z.array(publicImageSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /type?id: one collection. */
export const getTypeContract = {
  query: z.object({ id: idSchema }),
  response: z.object({ status: z.literal(200), type: publicCollectionSchema }),
  cache: 'availability',
} satisfies Contract;

/** GET /has-sizes?id: whether a collection is sold in sizes, and which. */
export const hasSizesContract = {
  query: z.object({ id: idSchema }),
  response: z.object({ status: z.literal(200), hasSizes: z.boolean(), sizes: z.array(publicSizeSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /size-guides-for-product?sizeId&gender: a size's guide entries, in order. */
export const sizeGuidesForProductContract = {
  query: z.object({ sizeId: idSchema, gender: genderSchema }),
  response: z.object({ status: z.literal(200), list: z.array(publicSizeGuideSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /sizes-by-type?tid&gender: the sizes of a collection for a gender. */
export const sizesByTypeContract = {
  query: z.object({ tid: idSchema, gender: genderSchema }),
  response: z.object({ status: z.literal(200), list: z.array(publicSizeSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /getNextColor?gender&index&typeId&colorComb&size: the colours open for area `index`. */
export const getNextColorContract = {
  query: z.object({
    gender: genderSchema,
    index: z.coerce.number({ error: 'must be a number' }).check(z.int(), z.gte(0), z.lte(9)),
    typeId: idSchema,
    colorComb: z._default(z.optional(colorListSchema), []),
    size: optionalSizeSchema,
  }),
  response: z.object({
    status: z.literal(200),
    /** Colours that still lead to an available piece. */
    colors: z.array(colorChoiceSchema),
    /** The collection's other colours for that area, shown struck through. */
    unavailable: z.array(colorChoiceSchema),
  }),
  cache: 'availability',
} satisfies Contract;

/** GET /getProductIdByColor?gender&typeId&color={a,b}&size: the one piece with these colours. */
export const getProductIdByColorContract = {
  query: z.object({
    gender: genderSchema,
    typeId: idSchema,
    color: colorListSchema.check(z.refine((c) => c.length > 0, { error: 'name at least one colour' })),
    size: optionalSizeSchema,
  }),
  response: z.object({ status: z.literal(200), id: z.string(), sold: z.boolean() }),
  cache: 'availability',
} satisfies Contract;

/** GET /get-product-info?title&tid: a collection text of the collection landing. */
export const getProductInfoContract = {
  query: z.object({ title: infoTitleSchema, tid: idSchema }),
  response: infoContent,
  cache: 'catalogue',
} satisfies Contract;

/** GET /get-product-details-info?title&tid: a collection text of a product's details page. */
export const getProductDetailsInfoContract = {
  query: z.object({ title: infoTitleSchema, tid: idSchema }),
  response: infoContent,
  cache: 'catalogue',
} satisfies Contract;

/** GET /get-vid-by-pid?id: a product's videos, in order. */
export const getVidByPidContract = {
  query: z.object({ id: idSchema }),
  response: z.object({
    status: z.literal(200),
    vids: z.array(z.object({ id: z.string(), url: z.string() })),
  }),
  cache: 'catalogue',
} satisfies Contract;

/**
 * GET /is-sold?id: the HTTP status is 200 either way; `status` says 200 when the piece can be
 * bought and 406 when it is sold, `available` is also false while a checkout holds it, and
 * `freeAt` then says when the hold ends (rounded; nothing about who holds it). The purchase page
 * asks it before showing its form.
 */
export const isSoldContract = {
  query: z.object({ id: idSchema }),
  response: z.object({
    status: z.union([z.literal(200), z.literal(406)]),
    sold: z.boolean(),
    available: z.boolean(),
    /** While another shopper holds the piece: when it may be free again (ms since the epoch, rounded up to the minute). */
    freeAt: z.optional(z.number()),
    /** Offered by a release draw: not bought, entered (its window). */
    draw: z.optional(pieceDrawSchema),
  }),
  cache: 'availability',
} satisfies Contract;

export { priceWithShippingContract } from './price-with-shipping.ts';

/** GET /products/{id}: one piece, as a one-element array (000 §7: "array; first element used"). */
export const getProductContract = {
  path: z.object({ id: idSchema }),
  response: z.array(publicProductSchema),
  cache: 'availability',
} satisfies Contract;
