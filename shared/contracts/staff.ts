import { adminLoginSchema, pageQuerySchema } from '#shared/admin.ts';
import { memberRequestSchema, okAnswerSchema, pageShape } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * Staff (001 §6, §7): the shop's sign-up for members, the staff login and session, and the
 * audit log. Members' admin screens are in members.ts.
 */

/** POST /member { email }: become a member (a known email answers the same). */
export const postMemberContract = { body: memberRequestSchema, response: okAnswerSchema } satisfies Contract;

const memberLinkAnswer = z.object({ status: z.literal(200), message: z.string() });
const memberToken = z.string().check(z.minLength(1), z.maxLength(600));

/** POST /member/confirm { token }: the page of the confirmation link confirms the sign-up. */
export const confirmMemberContract = {
  body: z.strictObject({ token: memberToken }),
  response: memberLinkAnswer,
} satisfies Contract;

/**
 * POST /member/unsubscribe?token: RFC 8058 one-click (the mail client posts
 * `List-Unsubscribe=One-Click`, form-encoded, which is not read) and the unsubscribe page.
 */
export const unsubscribeMemberContract = {
  query: z.object({ token: memberToken }),
  response: memberLinkAnswer,
} satisfies Contract;

const sessionAnswer = z.object({ status: z.literal(200), userName: z.string() });

/** POST /admin { user, pass }: the staff member's name; the session travels in a cookie. */
export const adminLoginContract = { body: adminLoginSchema, response: sessionAnswer } satisfies Contract;

/** GET /admin: whom the session belongs to. */
export const adminSessionContract = { response: sessionAnswer } satisfies Contract;

/** DELETE /admin: ends the staff session. */
export const adminLogoutContract = { response: okAnswerSchema } satisfies Contract;

/** One admin change: who, when, what, and the entity before and after (secrets left out). */
export const auditEntrySchema = z.object({
  kind: z.literal('audit'),
  id: z.string(),
  /** ISO time. */
  at: z.string(),
  admin: z.string(),
  /** e.g. 'create', 'update', 'delete', 'upload' */
  action: z.string(),
  /** e.g. 'product', 'type', 'order' */
  entity: z.string(),
  entityId: z.string(),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
});

/**
 * GET /audit-log?offset&pageSize: every admin change, newest first. The page has no `status`;
 * its entries are sent without their table keys.
 */
export const listAuditContract = {
  query: pageQuerySchema,
  response: z.object(pageShape(auditEntrySchema)),
} satisfies Contract;
