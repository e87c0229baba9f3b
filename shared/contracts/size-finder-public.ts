import { answersRequestSchema, genderSchema, idSchema, okAnswerSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/** The shopper's side of the size finder (000 §9): its steps, and the answers sent back. */

/** A size finder step as a shopper sees it (publicSteps), with its options in order. */
export const publicStepSchema = z.object({
  stepId: z.string(),
  sIndex: z.number(),
  shortName: z.string(),
  description: z.string(),
  type: z.number(),
  imgUrl: z.optional(z.string()),
  videoUrl: z.optional(z.string()),
  options: z.array(z.object({ index: z.number(), text: z.string(), imageUrl: z.optional(z.string()) })),
});

/** GET /all-steps-by-tid?tid&gender: a collection's size finder for a gender; none: an empty list. */
export const allStepsByTidContract = {
  query: z.object({ tid: idSchema, gender: genderSchema }),
  response: z.object({ status: z.literal(200), list: z.array(publicStepSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** POST /answers { typeId, gender?, email, result }: stores a shopper's answers. */
export const postAnswersContract = {
  body: answersRequestSchema,
  response: okAnswerSchema,
} satisfies Contract;
