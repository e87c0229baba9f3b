import { ADMIN_LIMITS, ADMIN_MESSAGES, pageQuerySchema } from '#shared/admin.ts';
import { STEP_TYPE } from '#shared/constants.ts';
import {
  genderCodeSchema,
  genderSchema,
  idSchema,
  okAnswerSchema,
  pageShape,
  singleLine,
} from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * Size finders (000 §3, 001 §3 Size finder, Step, Option, Answer): the shopper's finder and
 * answers, and the staff's finder screens (001 §7 "Size finder").
 */

/** Requests of the staff's calls. */

const blank = ADMIN_MESSAGES.fillAllBlanks;

/** Required text: empty or missing is "please fill all the blanks". */
const text = (max: number) =>
  z
    .string({ error: blank })
    .check(
      z.trim(),
      z.minLength(1, { error: blank }),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
    );

/** Sort keys hold indexes as 4 digits (docs/data-model.md). */
export const indexSchema = z
  .number({ error: 'must be a whole number from 0 to 9999' })
  .check(
    z.int({ error: 'must be a whole number from 0 to 9999' }),
    z.gte(0, { error: 'must be a whole number from 0 to 9999' }),
    z.lte(9999, { error: 'must be a whole number from 0 to 9999' }),
  );

export const finderGenderSchema = z.union([z.literal(0), z.literal(1)], {
  error: 'must be 0 (women) or 1 (men)',
});

export const numberOfStepsSchema = z
  .number({ error: 'must be a whole number' })
  .check(z.int({ error: 'must be a whole number' }), z.gte(0, { error: 'must be a whole number' }));

const STEP_TYPES = Object.values(STEP_TYPE) as number[];
export const stepTypeSchema = z.number({ error: 'is required' }).check(
  z.refine((t) => STEP_TYPES.includes(t), {
    error:
      'must be 1 (single choice), 2 (input a value), 3 (three options), 4 (e-mail box), 5 (inches or cm) or 6 (multiple options)',
  }),
);

/** Step types whose question offers options to choose from. */
export const STEP_TYPES_WITH_OPTIONS: readonly number[] = [
  STEP_TYPE.singleChoice,
  STEP_TYPE.imageOptions,
  STEP_TYPE.multipleImageOptions,
];

export const idQuery = z.object({ id: idSchema });
/** A step or an option: its id and its finder's (the finder's item collection holds it). */
export const partQuery = z.object({ id: idSchema, sizeFinderId: idSchema });

export const createFinderBody = z.strictObject({
  typeId: idSchema,
  gender: finderGenderSchema,
  numberOfSteps: z.optional(numberOfStepsSchema),
});

export const updateFinderBody = z.strictObject({
  id: idSchema,
  typeId: z.optional(idSchema),
  gender: z.optional(finderGenderSchema),
  numberOfSteps: z.optional(numberOfStepsSchema),
});

const stepFields = {
  index: indexSchema,
  type: stepTypeSchema,
  shortName: text(60).check(singleLine()),
  description: text(2000),
};

export const createStepBody = z.strictObject({ sizeFinderId: idSchema, ...stepFields });

export const updateStepBody = z.strictObject({
  id: idSchema,
  sizeFinderId: idSchema,
  index: z.optional(stepFields.index),
  type: z.optional(stepFields.type),
  shortName: z.optional(stepFields.shortName),
  description: z.optional(stepFields.description),
  /** Take the step's picture or video away (the file is deleted). */
  removeImage: z.optional(z.literal(true)),
  removeVideo: z.optional(z.literal(true)),
});

export const createOptionBody = z.strictObject({
  sizeFinderId: idSchema,
  stepsId: idSchema,
  index: indexSchema,
  content: text(200).check(singleLine()),
});

export const updateOptionBody = z.strictObject({
  id: idSchema,
  sizeFinderId: idSchema,
  index: z.optional(indexSchema),
  content: z.optional(text(200).check(singleLine())),
});

/** An uploaded file (from POST /upload-url) for a step or an option. */
export const uploadBody = z.strictObject({
  id: idSchema,
  sizeFinderId: idSchema,
  url: z.string({ error: 'is required' }).check(z.maxLength(300)),
});

/** Answers of the staff's calls: the stored entities without their table keys. */

/** A size finder (finderView): one per collection and gender. */
export const finderSchema = z.object({
  kind: z.literal('sizeFinder'),
  id: z.string(),
  typeId: z.string(),
  gender: genderCodeSchema,
  /** How many steps the finder has. */
  numberOfSteps: z.number(),
});

/** A step (stepView), with the number of its options. */
export const stepSchema = z.object({
  kind: z.literal('step'),
  id: z.string(),
  sizeFinderId: z.string(),
  index: z.number(),
  type: z.number(),
  shortName: z.string(),
  description: z.string(),
  imageUrl: z.optional(z.string()),
  videoUrl: z.optional(z.string()),
  optionCount: z.number(),
});

/** An option of a step, as stored. */
export const optionSchema = z.object({
  kind: z.literal('option'),
  id: z.string(),
  stepsId: z.string(),
  sizeFinderId: z.string(),
  index: z.number(),
  content: z.string(),
  imageUrl: z.optional(z.string()),
});

/** The collection a finder belongs to. */
export const finderCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: genderCodeSchema,
});

/** The longest note staff may add to a size-finder reply. */
export const REPLY_NOTE_MAX = ADMIN_LIMITS.replyNoteMax;

/**
 * The shop's reply to an answer (000 §9 "Size finder results are reported within 7 business
 * days"): the recommended size, a note, who sent it and when, and whether its mail went out
 * (`pending`: recorded, but SES has not taken the mail yet; staff may send it again).
 */
export const answerReplySchema = z.object({
  id: z.string(),
  sizeId: z.string(),
  sizeName: z.string(),
  note: z.string(),
  at: z.string(),
  by: z.string(),
  /** 1 for the first reply, 2 for the next one sent after confirmation, and so on. */
  count: z.number(),
  mail: z.enum(['sent', 'pending']),
  mailSentAt: z.optional(z.string()),
});

/** A shopper's answers as staff list them; `name` is the collection's (its id when it is gone). */
export const answerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  typeId: z.string(),
  gender: z.optional(genderCodeSchema),
  email: z.string(),
  createdTime: z.string(),
  reply: z.optional(answerReplySchema),
  /** Business days (Vancouver calendar) since the answer came, up to its first reply or today. */
  businessDays: z.number(),
  /** No reply yet, an e-mail to reply to, and older than the 7 business days promised. */
  overdue: z.boolean(),
});

/** One answer with every result entry, in step order. */
export const answerDetailsSchema = z.extend(answerSummarySchema, {
  result: z.array(z.object({ index: z.number(), shortName: z.string(), val: z.string() })),
});

const finderAnswer = z.object({ status: z.literal(200), finder: finderSchema });
const stepAnswer = z.object({ status: z.literal(200), step: stepSchema });
const optionAnswer = z.object({ status: z.literal(200), option: optionSchema });

/** GET /size-finder?tid&offset&pageSize: a collection and its size finders. */
export const listSizeFindersContract = {
  query: z.extend(pageQuerySchema, { tid: idSchema }),
  response: z.object({
    status: z.literal(200),
    type: finderCollectionSchema,
    /** Each finder with whether it asks for the shopper's email (without, nobody can be answered). */
    ...pageShape(z.extend(finderSchema, { hasEmailStep: z.boolean() })),
  }),
} satisfies Contract;

/**
 * GET /size-finder-id?id, or ?tid&gender: one size finder (its id also as `id`) with its
 * collection; `type` is absent only when a finder read by id has lost its collection.
 */
export const getSizeFinderContract = {
  query: z.object({ id: z.optional(idSchema), tid: z.optional(idSchema), gender: z.optional(genderSchema) }),
  response: z.extend(finderAnswer, { id: z.string(), type: z.optional(finderCollectionSchema) }),
} satisfies Contract;

/** POST /size-finder { typeId, gender }: a new, empty size finder. */
export const createSizeFinderContract = {
  body: createFinderBody,
  response: z.extend(finderAnswer, { id: z.string() }),
} satisfies Contract;

/** PATCH /size-finder { id, gender?, numberOfSteps? } */
export const updateSizeFinderContract = { body: updateFinderBody, response: finderAnswer } satisfies Contract;

/** DELETE /size-finder?id: the finder with its steps and options. */
export const deleteSizeFinderContract = { query: idQuery, response: okAnswerSchema } satisfies Contract;

/** GET /all-steps?id&offset&pageSize: a finder with its collection and its steps in order. */
export const listStepsContract = {
  query: z.extend(pageQuerySchema, { id: idSchema }),
  response: z.extend(finderAnswer, {
    type: z.optional(finderCollectionSchema),
    /** Whether one step asks for the shopper's email (without, nobody can be answered). */
    hasEmailStep: z.boolean(),
    ...pageShape(stepSchema),
  }),
} satisfies Contract;

/** GET /step?id&sizeFinderId: one step and its finder. */
export const getStepContract = {
  query: partQuery,
  response: z.extend(stepAnswer, { finder: finderSchema }),
} satisfies Contract;

/** POST /step { sizeFinderId, index, type, shortName, description } */
export const createStepContract = {
  body: createStepBody,
  response: z.extend(stepAnswer, { id: z.string() }),
} satisfies Contract;

/** PATCH /step { id, sizeFinderId, index?, type?, shortName?, description?, removeImage?, removeVideo? } */
export const updateStepContract = { body: updateStepBody, response: stepAnswer } satisfies Contract;

/** DELETE /step?id&sizeFinderId: a step with its options. */
export const deleteStepContract = { query: partQuery, response: okAnswerSchema } satisfies Contract;

/** POST /upload-step-img and /upload-step-video { id, sizeFinderId, url }: the stored url and the step. */
export const uploadStepMediaContract = {
  body: uploadBody,
  response: z.extend(stepAnswer, { url: z.string() }),
} satisfies Contract;

/** GET /all-options?id&sizeFinderId&offset&pageSize: a step (id) with its options in order. */
export const listOptionsContract = {
  query: z.extend(pageQuerySchema, { id: idSchema, sizeFinderId: idSchema }),
  response: z.extend(finderAnswer, { step: stepSchema, ...pageShape(optionSchema) }),
} satisfies Contract;

/** GET /option?id&sizeFinderId: one option with its step and finder. */
export const getOptionContract = {
  query: partQuery,
  response: z.extend(optionAnswer, { step: stepSchema, finder: finderSchema }),
} satisfies Contract;

/** POST /option { sizeFinderId, stepsId, index, content } */
export const createOptionContract = {
  body: createOptionBody,
  response: z.extend(optionAnswer, { id: z.string() }),
} satisfies Contract;

/** PATCH /option { id, sizeFinderId, index?, content? } */
export const updateOptionContract = { body: updateOptionBody, response: optionAnswer } satisfies Contract;

/** DELETE /option?id&sizeFinderId */
export const deleteOptionContract = { query: partQuery, response: okAnswerSchema } satisfies Contract;

/** POST /upload-option-img { id, sizeFinderId, url }: the stored url and the option. */
export const uploadOptionImageContract = {
  body: uploadBody,
  response: z.extend(optionAnswer, { url: z.string() }),
} satisfies Contract;

/** DELETE /options-img?id&sizeFinderId: the option without its picture. */
export const deleteOptionImageContract = { query: partQuery, response: optionAnswer } satisfies Contract;

export const ANSWER_FILTERS = ['all', 'unanswered'] as const;
export type AnswerFilter = (typeof ANSWER_FILTERS)[number];

/**
 * GET /answers?offset&pageSize&filter: shoppers' answers, newest first; `unanswered`: only
 * those with an e-mail and no reply yet.
 */
export const listAnswersContract = {
  query: z.extend(pageQuerySchema, {
    filter: z._default(z.enum(ANSWER_FILTERS, { error: 'must be all or unanswered' }), 'all'),
  }),
  response: z.object({ status: z.literal(200), ...pageShape(answerSummarySchema) }),
} satisfies Contract;

/** GET /answer-details?id: one answer with every result entry. */
export const getAnswerContract = {
  query: idQuery,
  response: z.object({ status: z.literal(200), answer: answerDetailsSchema }),
} satisfies Contract;

const replyAnswer = z.object({
  status: z.literal(200),
  answer: answerDetailsSchema,
  /** Whether the reply's mail went out in this call (or before it). */
  mail: z.enum(['sent', 'pending']),
});

/**
 * POST /answer-reply { id, replyId, sizeId, note, again }: replies to a shopper's answer with a
 * size of the answer's collection and a note, by e-mail. `replyId` is made by the browser once
 * per reply, so a retried call records and mails that reply once. A second reply is refused
 * (409) unless `again` is true.
 */
export const replyToAnswerContract = {
  body: z.strictObject({
    id: idSchema,
    replyId: idSchema,
    sizeId: idSchema,
    note: z._default(
      z
        .string({ error: 'must be text' })
        .check(z.trim(), z.maxLength(REPLY_NOTE_MAX, `must be at most ${REPLY_NOTE_MAX} characters`)),
      '',
    ),
    again: z._default(z.boolean({ error: 'must be true or false' }), false),
  }),
  response: replyAnswer,
} satisfies Contract;

/** POST /answer-reply/mail { id }: sends the mail of the answer's reply if it has not gone out. */
export const resendAnswerReplyContract = {
  body: z.strictObject({ id: idSchema }),
  response: replyAnswer,
} satisfies Contract;

/** The shopper's calls. */
