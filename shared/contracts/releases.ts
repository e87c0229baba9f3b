import { emailSchema, singleLine } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The admin's "announce a release" (issue 17): a collection's release told to every confirmed
 * member, by a mail with a subject, a text, the collection's picture and link, and the
 * one-click unsubscribe. Preview, a test to oneself, then the announcement, sent by a queue
 * at a set rate; its progress in the list.
 */
export const releaseDraftShape = {
  typeId: z.string().check(z.trim(), z.minLength(1, 'choose a collection'), z.maxLength(100)),
  subject: z
    .string()
    .check(z.trim(), z.minLength(1, 'write a subject'), z.maxLength(150), singleLine('the subject')),
  text: z.string().check(z.trim(), z.minLength(1, 'write the text'), z.maxLength(5000)),
};

const rendered = z.object({
  subject: z.string(),
  text: z.string(),
  collectionName: z.string(),
  pictureLink: z.optional(z.string()),
});

/** POST /release-preview { typeId, subject, text }: the mail as a member will read it. */
export const releasePreviewContract = {
  body: z.strictObject(releaseDraftShape),
  response: rendered,
} satisfies Contract;

/** POST /release-test { typeId, subject, text, to }: the mail, sent to the admin's own address only. */
export const releaseTestContract = {
  body: z.strictObject({ ...releaseDraftShape, to: emailSchema }),
  response: z.object({ status: z.literal(200), to: z.string() }),
} satisfies Contract;

/** POST /releases { typeId, subject, text }: announce to every confirmed member (queued, audited). */
export const createReleaseContract = {
  body: z.strictObject(releaseDraftShape),
  response: z.object({ status: z.literal(200), id: z.string() }),
} satisfies Contract;

export const releaseRowSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  collectionName: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  status: z.enum(['sending', 'done']),
  /** Absent until the sender's first run counted the recipients. */
  total: z.optional(z.number()),
  sent: z.number(),
  suppressed: z.number(),
  failed: z.number(),
  interrupted: z.number(),
  doneAt: z.optional(z.string()),
});

/** GET /releases: every release, newest first, with its progress. */
export const listReleasesContract = {
  response: z.object({ list: z.array(releaseRowSchema) }),
} satisfies Contract;
