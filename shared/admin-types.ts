import { ADMIN_LIMITS } from '#shared/admin.ts';
import { type Gender, INFO_TITLES, type InfoTitle } from '#shared/constants.ts';
import { COUNTRY_CODES } from '#shared/countries.ts';
import { hasAtMostDecimals } from '#shared/money.ts';
import { idSchema, singleLine } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';

/**
 * The admin's collection (Type, 001 §3) requests: create, edit, the men's and women's product
 * image sets, shipping prices and collection videos. Shared by the handlers and the web forms.
 */

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: 'must be text' })
        .check(z.trim(), z.maxLength(max, { error: `is at most ${max} characters` })),
    ),
    z.transform((v: string | null | undefined) => (v ? v : undefined)),
  );

const flag = z._default(z.boolean({ error: 'must be true or false' }), false);

export const typeGenderSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'must be 0 (women), 1 (men) or 2 (both)',
});

export const COLLECTION_IMAGES_MAX = ADMIN_LIMITS.imagesPerCollectionSet;
export const TOO_MANY_COLLECTION_IMAGES = `a collection image set holds at most ${COLLECTION_IMAGES_MAX} pictures`;

/** A set of stored image urls, in display order. */
export const imageSetSchema = z
  .array(z.string({ error: 'must be an image url' }).check(z.trim(), z.minLength(1), z.maxLength(300)), {
    error: 'must be a list of image urls',
  })
  .check(
    z.maxLength(COLLECTION_IMAGES_MAX, { error: TOO_MANY_COLLECTION_IMAGES }),
    z.refine((urls) => new Set(urls).size === urls.length, { error: 'a picture is in the set twice' }),
  );

const infoShape = Object.fromEntries(INFO_TITLES.map((t) => [t, optionalText(5000)])) as Record<
  InfoTitle,
  ReturnType<typeof optionalText>
>;

/** Every editable field of a collection, except its two image sets. */
const typeFieldsShape = {
  name: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'is required' }),
      z.maxLength(200, { error: 'is at most 200 characters' }),
      singleLine(),
    ),
  label: optionalText(200).check(singleLine()),
  gender: typeGenderSchema,
  /** How many colour areas a piece of this collection has (one colour each). */
  areaAmount: z
    .number({ error: 'must be a number' })
    .check(
      z.int({ error: 'must be a whole number' }),
      z.gte(0, { error: 'is at least 0' }),
      z.lte(10, { error: 'is at most 10' }),
    ),
  /** The colour areas' names, in order (bodice, skirt): what the shop calls each area. */
  areaNames: z.pipe(
    z.nullish(
      z
        .array(
          z
            .string({ error: 'must be a name' })
            .check(
              z.trim(),
              z.minLength(1, { error: 'cannot be blank' }),
              z.maxLength(40, { error: 'is at most 40 characters' }),
              singleLine(),
            ),
          { error: 'must be a list of names' },
        )
        .check(z.maxLength(10, { error: 'names at most 10 areas' })),
    ),
    z.transform((v: string[] | null | undefined) => (v?.length ? v : undefined)),
  ),
  singlecollection: flag,
  issoldout: flag,
  preSale: flag,
  preSaleText: optionalText(500),
  discount: flag,
  discountCode: optionalText(64).check(
    z.refine((c) => c === undefined || !/\s/.test(c), { error: 'cannot contain spaces' }),
  ),
  /** Percent. */
  discountAmount: z.pipe(
    z.nullish(
      z.number({ error: 'must be a number' }).check(
        z.gte(0, { error: 'is a percent from 0 to 100' }),
        z.lte(100, { error: 'is a percent from 0 to 100' }),
        z.refine((n) => hasAtMostDecimals(n, 2), { error: 'is a percent with at most 2 decimals' }),
      ),
    ),
    z.transform((v: number | null | undefined) => v ?? undefined),
  ),
  authPortalText: optionalText(5000),
  ...infoShape,
};

type FlagRules = {
  areaAmount: number;
  areaNames?: string[];
  preSale: boolean;
  preSaleText?: string;
  discount: boolean;
  discountCode?: string;
  discountAmount?: number;
};

function flagRules(value: FlagRules, ctx: z.core.$RefinementCtx<FlagRules>): void {
  if (value.areaNames && value.areaNames.length > value.areaAmount) {
    ctx.addIssue({
      code: 'custom',
      path: ['areaNames'],
      message: `names more areas than the collection's ${value.areaAmount} colour areas`,
    });
  }
  if (value.preSale && !value.preSaleText) {
    ctx.addIssue({ code: 'custom', path: ['preSaleText'], message: 'is required for a pre-sale' });
  }
  if (value.discount && !value.discountCode) {
    ctx.addIssue({ code: 'custom', path: ['discountCode'], message: 'is required for a discount' });
  }
  if (value.discount && !(value.discountAmount !== undefined && value.discountAmount > 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['discountAmount'],
      message: 'is required for a discount (a percent above 0, at most 100)',
    });
  }
}

/** POST /types: the fields and both image sets (urls from /upload-url). */
export const createTypeSchema = z
  .strictObject({
    ...typeFieldsShape,
    womenImages: z._default(imageSetSchema, []),
    menImages: z._default(imageSetSchema, []),
  })
  .check(z.superRefine(flagRules));

/** PATCH /types: the fields of one collection; its image sets change with PATCH /types/productimage. */
export const updateTypeSchema = z
  .strictObject({ id: idSchema, ...typeFieldsShape })
  .check(z.superRefine(flagRules));

export type CollectionFields = Omit<z.output<typeof updateTypeSchema>, 'id'>;

/** PATCH /types/productimage: one gender's set (0 women, 1 men), in the order to show. */
export const productImageSchema = z.strictObject({
  id: idSchema,
  gender: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (women) or 1 (men)' }),
  urls: imageSetSchema,
});

/** USD, at most 2 decimals; the form may send the number as text. */
export const shippingPriceSchema = z.pipe(
  z.union([
    z.number({ error: 'must be a price' }),
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'must be a price' })),
      z.transform(Number),
    ),
  ]),
  z.number({ error: 'must be a price' }).check(
    z.gte(0, { error: 'cannot be negative' }),
    z.lte(100_000, { error: 'is at most 100000' }),
    z.refine((p) => hasAtMostDecimals(p, 2), { error: 'has at most 2 decimals' }),
  ),
);

export const countryCodeSchema = z
  .string({ error: 'must be a country code' })
  .check(z.refine((c) => COUNTRY_CODES.includes(c), { error: 'is not a country the shop ships to' }));

/** POST /add-shipping-all: the same price for every country. */
export const addShippingAllSchema = z.strictObject({ typeId: idSchema, price: shippingPriceSchema });

/** PATCH /shippings: one or more countries; a null price removes the country (no shipping there). */
export const updateShippingsSchema = z.strictObject({
  typeId: idSchema,
  prices: z
    .array(z.strictObject({ countryId: countryCodeSchema, price: z.nullable(shippingPriceSchema) }))
    .check(
      z.minLength(1, { error: 'name at least one country' }),
      z.maxLength(COUNTRY_CODES.length),
      z.refine((list) => new Set(list.map((p) => p.countryId)).size === list.length, {
        error: 'a country is listed twice',
      }),
    ),
});

/** POST /upload-type-video-new: a collection's (or pillar's) video for a gender. */
export const uploadTypeVideoSchema = z.strictObject({
  pId: idSchema,
  url: z.string({ error: 'must be a video url' }).check(z.trim(), z.minLength(1), z.maxLength(300)),
  gender: z.union([
    typeGenderSchema,
    z.pipe(
      z.enum(['0', '1', '2']),
      z.transform((g) => Number(g) as Gender),
    ),
  ]),
});

/**
 * The storefront reads a collection's image sets as JSON text, with the literal 'undefined'
 * for an empty set (as the old data has it); both forms are kept.
 */
export const EMPTY_IMAGE_SET = 'undefined';

export function parseImageSet(text: string | undefined | null): string[] {
  if (!text || text === EMPTY_IMAGE_SET) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}

export function storeImageSet(urls: readonly string[]): string {
  return urls.length > 0 ? JSON.stringify(urls) : EMPTY_IMAGE_SET;
}
