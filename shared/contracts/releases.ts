import { emailSchema, singleLine } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The admin's releases (issues 17 and 34): a collection's release, or an event without a
 * collection, told to every confirmed member by a mail with a subject and a text (a
 * collection's picture and link; an event's title and date) and the one-click unsubscribe.
 * Preview, a test to an address staff give, then a schedule: at its time the sender ends the
 * collection's pre-sale and mails the members at a set rate; its progress in the list. A
 * schedule can be edited, moved or cancelled until its sending starts, never after.
 */
export const RELEASE_MESSAGES = {
  chooseCollection: 'choose a collection',
  eventTitle: 'write the title of the event',
  eventDate: 'give the date of the event (YYYY-MM-DD)',
  eventHasNoCollection: 'an event is announced without a collection',
  sendAt: 'give the time of the release',
  tooFar: 'a release is scheduled at most a year ahead',
  started: 'this release has started sending: it can no longer be changed or cancelled.',
  cancelled: 'this release was cancelled: it can no longer be changed.',
} as const;

const YEAR_MS = 366 * 24 * 3600 * 1000;

const isoDate = z.string({ error: RELEASE_MESSAGES.eventDate }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: RELEASE_MESSAGES.eventDate }),
  z.refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    { error: RELEASE_MESSAGES.eventDate },
  ),
);

/** The release's time: an ISO date-time with its offset; absent = now. */
const sendAtSchema = z.string({ error: RELEASE_MESSAGES.sendAt }).check(
  z.trim(),
  z.iso.datetime({ offset: true, error: RELEASE_MESSAGES.sendAt }),
  z.refine((t) => Date.parse(t) < Date.now() + YEAR_MS, { error: RELEASE_MESSAGES.tooFar }),
);

export const releaseDraftShape = {
  /** What the release announces: a collection (the default) or an event. */
  announces: z.optional(z.enum(['collection', 'event'])),
  typeId: z.optional(
    z.string().check(z.trim(), z.minLength(1, RELEASE_MESSAGES.chooseCollection), z.maxLength(100)),
  ),
  eventTitle: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, RELEASE_MESSAGES.eventTitle),
        z.maxLength(150),
        singleLine('the title of the event'),
      ),
  ),
  eventDate: z.optional(isoDate),
  subject: z
    .string()
    .check(z.trim(), z.minLength(1, 'write a subject'), z.maxLength(150), singleLine('the subject')),
  text: z.string().check(z.trim(), z.minLength(1, 'write the text'), z.maxLength(5000)),
};

interface DraftRules {
  announces?: 'collection' | 'event';
  typeId?: string;
  eventTitle?: string;
  eventDate?: string;
}

/** A collection release names its collection; an event its title and date, and no collection. */
function draftRules(value: DraftRules, ctx: z.core.$RefinementCtx<DraftRules>): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if ((value.announces ?? 'collection') === 'collection') {
    if (!value.typeId) issue('typeId', RELEASE_MESSAGES.chooseCollection);
    return;
  }
  if (value.typeId) issue('typeId', RELEASE_MESSAGES.eventHasNoCollection);
  if (!value.eventTitle) issue('eventTitle', RELEASE_MESSAGES.eventTitle);
  if (!value.eventDate) issue('eventDate', RELEASE_MESSAGES.eventDate);
}

export const releaseDraftSchema = z.strictObject(releaseDraftShape).check(z.superRefine(draftRules));

const rendered = z.object({
  subject: z.string(),
  text: z.string(),
  collectionName: z.optional(z.string()),
  pictureLink: z.optional(z.string()),
});

/** POST /release-preview { draft }: the mail as a member will read it. */
export const releasePreviewContract = {
  body: releaseDraftSchema,
  response: rendered,
} satisfies Contract;

/** POST /release-test { draft, to }: the mail, sent to the one address staff give. */
export const releaseTestContract = {
  body: z.strictObject({ ...releaseDraftShape, to: emailSchema }).check(z.superRefine(draftRules)),
  response: z.object({ status: z.literal(200), to: z.string() }),
} satisfies Contract;

/** POST /releases { draft, sendAt? }: schedule it for every member confirmed at its time (audited). */
export const createReleaseContract = {
  body: z
    .strictObject({ ...releaseDraftShape, sendAt: z.optional(sendAtSchema) })
    .check(z.superRefine(draftRules)),
  response: z.object({ status: z.literal(200), id: z.string(), sendAt: z.string() }),
} satisfies Contract;

/** PATCH /releases { id, draft, sendAt }: edit or move a schedule that has not started (409 after). */
export const updateReleaseContract = {
  body: z
    .strictObject({
      id: z.string().check(z.trim(), z.minLength(1, 'give the release'), z.maxLength(100)),
      ...releaseDraftShape,
      sendAt: sendAtSchema,
    })
    .check(z.superRefine(draftRules)),
  response: z.object({ status: z.literal(200), id: z.string(), sendAt: z.string(), revision: z.number() }),
} satisfies Contract;

/** DELETE /releases { id }: cancel a schedule that has not started (409 after). */
export const cancelReleaseContract = {
  body: z.strictObject({
    id: z.string().check(z.trim(), z.minLength(1, 'give the release'), z.maxLength(100)),
  }),
  response: z.object({ status: z.literal(200), id: z.string() }),
} satisfies Contract;

export const releaseRowSchema = z.object({
  id: z.string(),
  announces: z.enum(['collection', 'event']),
  typeId: z.optional(z.string()),
  collectionName: z.optional(z.string()),
  eventTitle: z.optional(z.string()),
  eventDate: z.optional(z.string()),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** When it goes out (scheduled) or went out. */
  sendAt: z.string(),
  status: z.enum(['scheduled', 'sending', 'done', 'cancelled']),
  /** How many times the schedule was edited or moved. */
  revision: z.number(),
  startedAt: z.optional(z.string()),
  cancelledAt: z.optional(z.string()),
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
