import { pageQuerySchema } from '#shared/admin.ts';
import { MEMBER_STATUSES } from '#shared/membership.ts';
import { emailSchema, pageShape } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The admin's members screens (001 §2, §7): the list, a delete, and the CSV export. The shop's
 * sign-up (POST /member) is in staff.ts.
 */

/** One member; a member is known by its e-mail (001 §3 Member: id, email), so `id` is the e-mail. */
export const memberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** pending (not confirmed yet), confirmed (receives releases), unsubscribed (never mailed). */
  status: z.enum(MEMBER_STATUSES),
  confirmedAt: z.optional(z.string()),
  unsubscribedAt: z.optional(z.string()),
  /** A pending sign-up: when its confirmation link stops working (ISO time), and it is removed. */
  confirmBy: z.optional(z.string()),
});

/**
 * GET /members?offset&pageSize: members newest first; the page has no `status`. `pending`: how
 * many of them (of every page) signed up and have not confirmed yet (issue 34).
 */
export const listMembersContract = {
  query: pageQuerySchema,
  response: z.object({ ...pageShape(memberRowSchema), pending: z.number() }),
} satisfies Contract;

/** DELETE /member { email }: removes one member; answers the e-mail removed. */
export const deleteMemberContract = {
  body: z.object({ email: emailSchema }),
  response: z.object({ status: z.literal(200), email: z.string() }),
} satisfies Contract;

/**
 * GET /members-export: no request fields. The wire answer is the CSV file itself (text/csv,
 * an attachment), which no schema describes: the browser reads it as a download. `response` is
 * the handler's JSON step before it becomes that file, { csv }, checked like any answer.
 */
export const exportMembersContract = {
  answerType: 'text/csv',
  response: z.object({ csv: z.string() }),
} satisfies Contract;
