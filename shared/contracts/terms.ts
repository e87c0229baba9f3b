import { TERMS_MESSAGES, TERMS_VERSION } from '#shared/terms.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/** The terms' versions (issue 20): published by staff, read by the terms page and the checkout. */

export const termsVersionSchema = z
  .string({ error: TERMS_MESSAGES.badVersion })
  .check(z.trim(), z.regex(TERMS_VERSION, { error: TERMS_MESSAGES.badVersion }));

const isoDate = z.string({ error: TERMS_MESSAGES.badDate }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: TERMS_MESSAGES.badDate }),
  z.refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: TERMS_MESSAGES.badDate,
    },
  ),
);

/** POST /terms-versions { version, effectiveDate, summary }: publish, and mail members the notice. */
export const publishTermsContract = {
  body: z.strictObject({
    version: termsVersionSchema,
    effectiveDate: isoDate,
    summary: z
      .string({ error: TERMS_MESSAGES.noSummary })
      .check(
        z.trim(),
        z.minLength(1, { error: TERMS_MESSAGES.noSummary }),
        z.maxLength(2000, { error: 'the summary is at most 2000 characters' }),
      ),
  }),
  response: z.object({ status: z.literal(200), version: z.string(), noticeId: z.string() }),
} satisfies Contract;

/** A published version as the terms page and the checkout show it. */
export const publicTermsSchema = z.object({ version: z.string(), effectiveDate: z.string() });

/** GET /terms: the current version (the last published), or null before any was. */
export const currentTermsContract = {
  response: z.object({ status: z.literal(200), current: z.nullable(publicTermsSchema) }),
  cache: 'catalogue',
} satisfies Contract;

/** GET /terms-versions: every published version, newest first, with its notice's progress. */
export const listTermsContract = {
  response: z.object({
    list: z.array(
      z.object({
        version: z.string(),
        effectiveDate: z.string(),
        summary: z.string(),
        publishedAt: z.string(),
        publishedBy: z.string(),
        notice: z.object({
          id: z.string(),
          status: z.enum(['sending', 'done']),
          total: z.optional(z.number()),
          sent: z.number(),
          suppressed: z.number(),
          failed: z.number(),
        }),
      }),
    ),
  }),
} satisfies Contract;
