import * as z from 'zod';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { idSchema } from '#shared/schemas.ts';
import { codeOf, optionalText, optionalWholeNumber } from '../sizes/size-input.ts';

/**
 * What staff send to save a size guide entry (001 §3 Size guide). 001 §5: "A size guide needs a
 * size id". Types 1 range, 2 less than, 3 greater than, 4 length (001 §3); 5 is the storefront's
 * "other: a single value" (000 §3), which the demo catalogue uses, so such entries stay editable.
 */
export const GUIDE_TYPES = [1, 2, 3, 4, 5] as const;
export const GUIDE_GENDERS = [0, 1] as const;
export const NEEDS_SIZE_ID = 'a size guide needs a size id';
/** Guide entries per size: a size and all its entries are deleted in one transaction. */
export const MAX_GUIDES_PER_SIZE = 50;

export const sizeIdSchema = z
  .string({ error: NEEDS_SIZE_ID })
  .trim()
  .min(1, { error: NEEDS_SIZE_ID })
  .pipe(idSchema);

/** A measurement in cm or inches: a number (or numeric text) from 0 to 10000, blank = none. */
const measure = z.preprocess(
  (v) =>
    v === null || (typeof v === 'string' && v.trim() === '')
      ? undefined
      : typeof v === 'string'
        ? Number(v.trim())
        : v,
  z
    .number({ error: 'must be a number' })
    .min(0, { error: 'cannot be negative' })
    .max(10000, { error: 'must be at most 10000' })
    .optional(),
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
    .trim()
    .min(1, { error: ADMIN_MESSAGES.fillAllBlanks })
    .max(100, { error: 'at most 100 characters' }),
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
function checkFigures(v: GuideFields, ctx: z.RefinementCtx) {
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

export const createGuideSchema = guideFields.superRefine(checkFigures).transform(withFigures);
export const updateGuideSchema = guideFields
  .extend({ id: idSchema })
  .superRefine(checkFigures)
  .transform(withFigures);

export const guideRefQuery = z.object({ id: idSchema, sizeId: sizeIdSchema });

export const GUIDE_IMAGE_FIELDS = ['imageUrl', 'largeImgUrl'] as const;
const imageField = z.enum(GUIDE_IMAGE_FIELDS, { error: 'type must be imageUrl or largeImgUrl' });

export const uploadGuideImageSchema = z.object({
  id: idSchema,
  sizeId: sizeIdSchema,
  type: imageField,
  url: z.string({ error: 'url is required' }).trim().min(1).max(300),
});
export const deleteGuideImageQuery = z.object({ id: idSchema, sizeId: sizeIdSchema, type: imageField });
