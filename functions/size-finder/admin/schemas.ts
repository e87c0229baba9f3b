import * as z from 'zod';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { STEP_TYPE } from '#shared/constants.ts';
import { idSchema } from '#shared/schemas.ts';

/** Request schemas of the size finder admin calls (001 §3 Size finder, Step, Option). */

const blank = ADMIN_MESSAGES.fillAllBlanks;

/** Required text: empty or missing is "please fill all the blanks". */
const text = (max: number) =>
  z
    .string({ error: blank })
    .trim()
    .min(1, { error: blank })
    .max(max, { error: `must be at most ${max} characters` });

/** Sort keys hold indexes as 4 digits (docs/data-model.md). */
export const indexSchema = z
  .number({ error: 'must be a whole number from 0 to 9999' })
  .int({ error: 'must be a whole number from 0 to 9999' })
  .min(0, { error: 'must be a whole number from 0 to 9999' })
  .max(9999, { error: 'must be a whole number from 0 to 9999' });

export const finderGenderSchema = z.union([z.literal(0), z.literal(1)], {
  error: 'must be 0 (women) or 1 (men)',
});

export const numberOfStepsSchema = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be a whole number' });

const STEP_TYPES = Object.values(STEP_TYPE) as number[];
export const stepTypeSchema = z.number({ error: 'is required' }).refine((t) => STEP_TYPES.includes(t), {
  error:
    'must be 1 (single choice), 2 (input a value), 3 (three options), 4 (e-mail box), 5 (inches or cm) or 6 (multiple options)',
});

/** Step types whose question offers options to choose from. */
export const STEP_TYPES_WITH_OPTIONS: readonly number[] = [
  STEP_TYPE.singleChoice,
  STEP_TYPE.imageOptions,
  STEP_TYPE.multipleImageOptions,
];

export const idQuery = z.object({ id: idSchema });
/** A step or an option: its id and its finder's (the finder's item collection holds it). */
export const partQuery = z.object({ id: idSchema, sizeFinderId: idSchema });

export const createFinderBody = z
  .object({ typeId: idSchema, gender: finderGenderSchema, numberOfSteps: numberOfStepsSchema.optional() })
  .strict();

export const updateFinderBody = z
  .object({
    id: idSchema,
    typeId: idSchema.optional(),
    gender: finderGenderSchema.optional(),
    numberOfSteps: numberOfStepsSchema.optional(),
  })
  .strict();

const stepFields = {
  index: indexSchema,
  type: stepTypeSchema,
  shortName: text(60),
  description: text(2000),
};

export const createStepBody = z.object({ sizeFinderId: idSchema, ...stepFields }).strict();

export const updateStepBody = z
  .object({
    id: idSchema,
    sizeFinderId: idSchema,
    index: stepFields.index.optional(),
    type: stepFields.type.optional(),
    shortName: stepFields.shortName.optional(),
    description: stepFields.description.optional(),
    /** Take the step's picture or video away (the file is deleted). */
    removeImage: z.literal(true).optional(),
    removeVideo: z.literal(true).optional(),
  })
  .strict();

export const createOptionBody = z
  .object({ sizeFinderId: idSchema, stepsId: idSchema, index: indexSchema, content: text(200) })
  .strict();

export const updateOptionBody = z
  .object({
    id: idSchema,
    sizeFinderId: idSchema,
    index: indexSchema.optional(),
    content: text(200).optional(),
  })
  .strict();

/** An uploaded file (from POST /upload-url) for a step or an option. */
export const uploadBody = z
  .object({ id: idSchema, sizeFinderId: idSchema, url: z.string({ error: 'is required' }).max(300) })
  .strict();
