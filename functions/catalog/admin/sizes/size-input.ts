import * as z from 'zod';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { idSchema } from '#shared/schemas.ts';

/** What staff send to save a size (001 §3 Size: name, typeId, gender, description, menDescription). */

/** Blank text (or null) means "none". */
export const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `at most ${max} characters` })
    .nullish()
    .transform((s) => (s ? s : undefined));

/** A whole number sent as a number or as text; blank means "not given". */
export const optionalWholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '')
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .optional(),
  );

/** One of a few codes, sent as a number or as text. */
export const codeOf = <C extends number>(codes: readonly C[], error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error }).refine((n): n is C => (codes as readonly number[]).includes(n), { error }),
  ) as unknown as z.ZodType<C>;

export const sizeIdQuery = z.object({ id: idSchema });

export const sizeFieldsSchema = z.object({
  /** The storefront passes a size name along in addresses (at most 40 characters). */
  name: z
    .string({ error: ADMIN_MESSAGES.fillAllBlanks })
    .trim()
    .min(1, { error: ADMIN_MESSAGES.fillAllBlanks })
    .max(40, { error: 'a size name is at most 40 characters' }),
  typeId: z
    .string({ error: ADMIN_MESSAGES.fillAllBlanks })
    .trim()
    .min(1, ADMIN_MESSAGES.fillAllBlanks)
    .pipe(idSchema),
  gender: codeOf([0, 1, 2] as const, 'must be 0 (women), 1 (men) or 2 (both)'),
  /** Position in the collection's size list; left out, the size goes last. */
  index: optionalWholeNumber(0, 9999),
  /** Shown to women (001 §3 "description (women)"). */
  description: optionalText(2000),
  menDescription: optionalText(2000),
});

export const createSizeSchema = sizeFieldsSchema;
export const updateSizeSchema = sizeFieldsSchema.extend({ id: idSchema });
