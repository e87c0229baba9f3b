import { INFO_TITLES, PUBLIC_IMAGE_TYPES } from '#shared/constants.ts';
import { CONTROL_CHARACTERS } from '#shared/control-characters.ts';
import { MESSAGES } from '#shared/messages.ts';
import { GENDERS, type Gender } from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';

/**
 * Request schemas shared by the web app and the handlers (query values arrive as text), and the
 * building blocks of answers the contracts (shared/contracts/) share.
 */

export const SINGLE_LINE_MESSAGE = 'must be one line, without line breaks or control characters';

/**
 * The check of a one-line text field staff type (a name, a title, a label, a mail subject): no
 * control characters. `what` names the field in the message when its other messages do
 * ("the name must be one line, …").
 */
export const singleLine = (what?: string) =>
  z.refine((text: unknown) => typeof text !== 'string' || !CONTROL_CHARACTERS.test(text), {
    error: what ? `${what} ${SINGLE_LINE_MESSAGE}` : SINGLE_LINE_MESSAGE,
  });

export const idSchema = z
  .string({ error: 'is required' })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be an id of letters, digits, - or _' }));

export const genderSchema = z.pipe(
  z.enum(['0', '1', '2'], { error: 'must be 0 (women), 1 (men) or 2 (both)' }),
  z.transform((g) => Number(g) as Gender),
);

/** The pillar-video request sends the gender doubled ("00"); either form is accepted. */
export const doubledGenderSchema = z.pipe(
  z
    .string({ error: 'is required' })
    .check(z.regex(/^([012])\1?$/, { error: 'must be 0 (women), 1 (men) or 2 (both)' })),
  z.transform((g) => Number(g[0]) as Gender),
);

/** 000 §5: some text, @, some text, a dot, some text, no spaces. */
export const emailSchema = z.pipe(
  z
    .string({ error: MESSAGES.invalidEmail })
    .check(
      z.trim(),
      z.maxLength(254, { error: MESSAGES.invalidEmail }),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: MESSAGES.invalidEmail }),
    ),
  z.transform((e) => e.toLowerCase()),
);

export const colorSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'a colour cannot be empty' }),
    z.maxLength(40, { error: 'a colour name is at most 40 characters' }),
  );

/** "red,blue" (getNextColor) or "{red,blue}" (getProductIdByColor); empty means none chosen yet. */
export const colorListSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(400)),
    z.transform((text) => {
      const bare = text.trim().replace(/^\{/, '').replace(/\}$/, '');
      return bare === '' ? [] : bare.split(',').map((c) => c.trim());
    }),
  ),
  z.array(colorSchema).check(z.maxLength(10, { error: 'at most 10 colours' })),
);

/** Size is optional; the old client sends the text 'null' or 'undefined' when there is none. */
export const optionalSizeSchema = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(40))),
  z.transform((s) => (s === undefined || s === '' || s === 'null' || s === 'undefined' ? undefined : s)),
);

export const infoTitleSchema = z.enum(INFO_TITLES, { error: `must be one of: ${INFO_TITLES.join(', ')}` });

export const publicImageTypeSchema = z.pipe(
  z.enum(PUBLIC_IMAGE_TYPES.map(String) as [string, ...string[]], {
    error: `must be one of ${PUBLIC_IMAGE_TYPES.join(', ')}`,
  }),
  z.transform(Number),
);

/** The sign-up: the e-mail, and the page it was made on (recorded with the consent). */
export const memberRequestSchema = z.strictObject({
  email: emailSchema,
  page: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

const answerEntrySchema = z.object({
  shortName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  val: z.string().check(z.trim(), z.maxLength(200)),
});

/** 000 §3 Answer: typeId, email, result (step index → shortName and val). */
export const answersRequestSchema = z.strictObject({
  typeId: idSchema,
  gender: z.optional(z.union([genderSchema, z.union([z.literal(0), z.literal(1), z.literal(2)])])),
  // A malformed address is refused in the spec's words (000 §8), not as an unmatched union.
  email: z.union([z.literal('skip'), emailSchema], { error: MESSAGES.invalidEmail }),
  result: z
    .record(
      z.string().check(z.regex(/^\d{1,3}$/, { error: 'result keys are step indexes' })),
      answerEntrySchema,
    )
    .check(z.refine((r) => Object.keys(r).length <= 50, { error: 'at most 50 answers' })),
});

/** Building blocks of answers (shared/contracts/). */

/** A gender code as an answer carries it: 0 women, 1 men, 2 both. */
export const genderCodeSchema = z.literal(GENDERS);

/** The answer of a call that only says it worked. */
export const okAnswerSchema = z.object({ status: z.literal(200) });

/** The fields of an admin list's page (shared/admin.ts `Page`): spread into an answer's object. */
export const pageShape = <T extends z.core.SomeType>(item: T) => ({
  pageCount: z.number(),
  total: z.number(),
  list: z.array(item),
});
