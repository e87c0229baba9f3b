import { ADMIN_MESSAGES, pageQuerySchema } from '#shared/admin.ts';
import { idSchema, singleLine } from '#shared/schemas.ts';
import { GENDERS } from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';
import { okSchema, pageShape } from './catalog-admin.ts';
import type { Contract } from './contract.ts';
import { meaningUrlSchema } from './films.ts';

/**
 * The staff's size screens: sizes (001 §3 Size) and their guide entries (001 §3 Size guide),
 * GET/POST/PATCH/DELETE /sizes, /size, /size-guide(s), /upload-sg-img, /sg-img.
 */

/** Blank text (or null) means "none". */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: 'must be text' })
        .check(z.trim(), z.maxLength(max, { error: `at most ${max} characters` })),
    ),
    z.transform((s: string | null | undefined) => (s ? s : undefined)),
  );

/** A whole number sent as a number or as text; blank means "not given". */
export const optionalWholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '')
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    z.optional(
      z
        .number({ error: 'must be a number' })
        .check(
          z.int({ error: 'must be a whole number' }),
          z.gte(min, { error: `must be at least ${min}` }),
          z.lte(max, { error: `must be at most ${max}` }),
        ),
    ),
  );

/** One of a few codes, sent as a number or as text. */
export const codeOf = <C extends number>(codes: readonly C[], error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error }).check(z.refine((n) => (codes as readonly number[]).includes(n), { error })),
  ) as unknown as z.ZodMiniType<C, C | `${C}`>;

export const sizeIdQuery = z.object({ id: idSchema });

/** What staff send to save a size (001 §3 Size: name, typeId, gender, description, menDescription). */
export const sizeFieldsSchema = z.object({
  /** The storefront passes a size name along in addresses (at most 40 characters). */
  name: z
    .string({ error: ADMIN_MESSAGES.fillAllBlanks })
    .check(
      z.trim(),
      z.minLength(1, { error: ADMIN_MESSAGES.fillAllBlanks }),
      z.maxLength(40, { error: 'a size name is at most 40 characters' }),
      singleLine('a size name'),
    ),
  typeId: z.pipe(
    z
      .string({ error: ADMIN_MESSAGES.fillAllBlanks })
      .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.fillAllBlanks)),
    idSchema,
  ),
  gender: codeOf(GENDERS, 'must be 0 (women), 1 (men) or 2 (both)'),
  /** Position in the collection's size list; left out, the size goes last. */
  index: optionalWholeNumber(0, 9999),
  /** Shown to women (001 §3 "description (women)"). */
  description: optionalText(2000),
  menDescription: optionalText(2000),
  /**
   * The meaning videos (000 §3 "meaning video address"): an uploaded video's stored url (from
   * /upload-url, kind video) or a provider's player address (shared/films.ts). Left out: kept
   * as they are; blank: removed.
   */
  menMeaning: meaningUrlSchema,
  womenMeaning: meaningUrlSchema,
});

export const createSizeSchema = sizeFieldsSchema;
export const updateSizeSchema = z.extend(sizeFieldsSchema, { id: idSchema });

/**
 * What staff send to save a size guide entry (001 §3 Size guide). 001 §5: "A size guide needs a
 * size id". Types 1 range, 2 less than, 3 greater than, 4 length (001 §3); 5 is the storefront's
 * "other: a single value" (000 §3), which the demo catalogue uses, so such entries stay editable.
 */
export const GUIDE_TYPES = [1, 2, 3, 4, 5] as const;
export const GUIDE_GENDERS = [0, 1] as const;
export const NEEDS_SIZE_ID = 'a size guide needs a size id';

export const sizeIdSchema = z.pipe(
  z.string({ error: NEEDS_SIZE_ID }).check(z.trim(), z.minLength(1, { error: NEEDS_SIZE_ID })),
  idSchema,
);

/** A measurement in cm or inches: a number (or numeric text) from 0 to 10000, blank = none. */
const measure = z.preprocess(
  (v) =>
    v === null || (typeof v === 'string' && v.trim() === '')
      ? undefined
      : typeof v === 'string'
        ? Number(v.trim())
        : v,
  z.optional(
    z
      .number({ error: 'must be a number' })
      .check(z.gte(0, { error: 'cannot be negative' }), z.lte(10000, { error: 'must be at most 10000' })),
  ),
);

const UNITS = [
  ['Cm', 'cm', 1 / 2.54, 'Inches'],
  ['Inches', 'inches', 2.54, 'Cm'],
] as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

const guideFields = z.object({
  sizeId: sizeIdSchema,
  name: z
    .string({ error: ADMIN_MESSAGES.fillAllBlanks })
    .check(
      z.trim(),
      z.minLength(1, { error: ADMIN_MESSAGES.fillAllBlanks }),
      z.maxLength(100, { error: 'at most 100 characters' }),
      singleLine(),
    ),
  /** Position among the size's entries; left out, the entry goes last. */
  index: optionalWholeNumber(0, 9999),
  type: codeOf(GUIDE_TYPES, 'must be 1 (normal), 2 (less than), 3 (greater than), 4 (length) or 5 (value)'),
  gender: codeOf(GUIDE_GENDERS, 'must be 1 (men) or 0 (women)'),
  fromCm: measure,
  toCm: measure,
  fromInches: measure,
  toInches: measure,
  description: optionalText(1000),
});

type GuideFields = z.output<typeof guideFields>;

/**
 * The measurements must make sense for the entry's type: a range (type 1) needs both ends in
 * each unit it gives, from ≤ to; other types need one value. A unit left blank is converted
 * from the other (one decimal), so the storefront's inches/cm switch always has a figure.
 */
function checkFigures(v: GuideFields, ctx: z.core.$RefinementCtx<GuideFields>) {
  const given = UNITS.filter(([u]) => v[`from${u}`] !== undefined || v[`to${u}`] !== undefined);
  if (given.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['fromCm'], message: 'give the measurement in cm or in inches' });
    return;
  }
  for (const [u, label] of given) {
    const from = v[`from${u}`];
    const to = v[`to${u}`];
    if (v.type === 1 && (from === undefined || to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [from === undefined ? `from${u}` : `to${u}`],
        message: `a range needs both from and to (${label})`,
      });
    }
    if (from !== undefined && to !== undefined && from > to) {
      ctx.addIssue({ code: 'custom', path: [`to${u}`], message: `from must not be more than to (${label})` });
    }
  }
}

function withFigures<T extends GuideFields>(v: T) {
  const figures: Record<string, number | undefined> = {
    fromCm: v.fromCm,
    toCm: v.toCm,
    fromInches: v.fromInches,
    toInches: v.toInches,
  };
  for (const [u, , factor, other] of UNITS) {
    for (const end of ['from', 'to'] as const) {
      const mine = figures[`${end}${u}`];
      if (figures[`${end}${other}`] === undefined && mine !== undefined) {
        figures[`${end}${other}`] = round1(mine * factor);
      }
    }
  }
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return {
    ...v,
    fromCm: text(figures.fromCm),
    toCm: text(figures.toCm),
    fromInches: text(figures.fromInches),
    toInches: text(figures.toInches),
  };
}

const updateGuideFields = z.extend(guideFields, { id: idSchema });

export const createGuideSchema = z.pipe(
  guideFields.check(z.superRefine(checkFigures)),
  z.transform((v: GuideFields) => withFigures(v)),
);
export const updateGuideSchema = z.pipe(
  updateGuideFields.check(z.superRefine(checkFigures)),
  z.transform((v: z.output<typeof updateGuideFields>) => withFigures(v)),
);

export const guideRefQuery = z.object({ id: idSchema, sizeId: sizeIdSchema });

export const GUIDE_IMAGE_FIELDS = ['imageUrl', 'largeImgUrl'] as const;
const imageField = z.enum(GUIDE_IMAGE_FIELDS, { error: 'type must be imageUrl or largeImgUrl' });

export const uploadGuideImageSchema = z.object({
  id: idSchema,
  sizeId: sizeIdSchema,
  type: imageField,
  url: z.string({ error: 'url is required' }).check(z.trim(), z.minLength(1), z.maxLength(300)),
});
export const deleteGuideImageQuery = z.object({ id: idSchema, sizeId: sizeIdSchema, type: imageField });

/** Answers. */

/** A size as stored (no table keys), with its collection's name where the call has it. */
export const adminSizeSchema = z.object({
  kind: z.literal('size'),
  id: z.string(),
  typeId: z.string(),
  name: z.string(),
  gender: z.literal(GENDERS),
  index: z.number(),
  description: z.optional(z.string()),
  menDescription: z.optional(z.string()),
  /** The storefront's size meaning videos (set by the demo catalogue), kept on edits. */
  menMeaning: z.optional(z.string()),
  womenMeaning: z.optional(z.string()),
  /** Absent only when the collection is gone. */
  typeName: z.optional(z.string()),
});

/** A guide entry as stored (no table keys); the figures are text, as the storefront shows them. */
export const adminGuideSchema = z.object({
  kind: z.literal('sizeGuide'),
  id: z.string(),
  sizeId: z.string(),
  name: z.string(),
  index: z.number(),
  type: z.number(),
  gender: z.literal(GUIDE_GENDERS),
  fromCm: z.optional(z.string()),
  toCm: z.optional(z.string()),
  fromInches: z.optional(z.string()),
  toInches: z.optional(z.string()),
  description: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  largeImgUrl: z.optional(z.string()),
});

const sizeAnswer = z.object({ status: z.literal(200), size: adminSizeSchema });
const guideAnswer = z.object({ status: z.literal(200), guide: adminGuideSchema });

/** GET /sizes?offset&pageSize&typeId: sizes a page at a time, each with its collection's name. */
export const listSizesContract = {
  query: z.extend(pageQuerySchema, {
    /** Only this collection's sizes; blank or absent: every collection's. */
    typeId: z.preprocess((v) => (v === '' ? undefined : v), z.optional(idSchema)),
  }),
  response: z.object({ status: z.literal(200), ...pageShape(adminSizeSchema) }),
} satisfies Contract;

/** GET /size?id */
export const getSizeContract = { query: sizeIdQuery, response: sizeAnswer } satisfies Contract;
/** POST /sizes */
export const createSizeContract = { body: createSizeSchema, response: sizeAnswer } satisfies Contract;
/** PATCH /sizes */
export const updateSizeContract = { body: updateSizeSchema, response: sizeAnswer } satisfies Contract;
/** DELETE /sizes?id */
export const deleteSizeContract = { query: sizeIdQuery, response: okSchema } satisfies Contract;

/** GET /size-guides?sizeId&offset&pageSize: a size's guide entries, with the size itself. */
export const listSizeGuidesContract = {
  query: z.extend(pageQuerySchema, { sizeId: sizeIdSchema }),
  response: z.object({ status: z.literal(200), size: adminSizeSchema, ...pageShape(adminGuideSchema) }),
} satisfies Contract;

/** GET /size-guide?id&sizeId */
export const getSizeGuideContract = { query: guideRefQuery, response: guideAnswer } satisfies Contract;
/** POST /size-guide */
export const createSizeGuideContract = { body: createGuideSchema, response: guideAnswer } satisfies Contract;
/** PATCH /size-guide */
export const updateSizeGuideContract = { body: updateGuideSchema, response: guideAnswer } satisfies Contract;
/** DELETE /size-guide?id&sizeId */
export const deleteSizeGuideContract = { query: guideRefQuery, response: okSchema } satisfies Contract;
/** POST /upload-sg-img: the entry with its new picture. */
export const uploadGuideImageContract = {
  body: uploadGuideImageSchema,
  response: guideAnswer,
} satisfies Contract;
/** DELETE /sg-img?id&sizeId&type: the entry without that picture. */
export const deleteGuideImageContract = {
  query: deleteGuideImageQuery,
  response: guideAnswer,
} satisfies Contract;
