import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { RELEASE_MESSAGES } from '#shared/contracts/releases.ts';
import { auditedWrite, auditItem } from '#table/audit.ts';
import { getItem, queryAll, withoutKeys } from '#table/query.ts';
import { type TransactItem, transact } from '#table/transactions.ts';
import type { ReleaseContent } from '../rules/release-mail.ts';

/**
 * The members' mailings, and their recipients: a release announced to the members (issue 17)
 * and a notice of new terms (issue 20) go through this one queue and one sender
 * (members/jobs/send-releases), with the same markers, suppression and unsubscribe link, and so
 * does a release draw's opening told to the members (issue 45). A mailing is a release, a terms
 * notice or a draw's opening by its `kind`; all live in the RELEASES list.
 *
 * A release announced to the members (issue 17), and its recipients. The release item holds
 * what is sent and the progress; each recipient gets one marker item in the release's
 * partition, written with a condition BEFORE its mail is sent (the claim), then moved to its
 * outcome. The markers are the queue's memory: a sender that crashes and a sender that runs
 * twice never mail an address that already has a marker (at most once; see
 * docs/robustness-concurrency.md).
 */
export const RELEASES_LIST = 'RELEASES';
/** A mailing's place in the RELEASES list on gsi2, by when it was made. */
export const releasesListIndex = (m: { createdAt: string; id: string }) => ({
  gsi2pk: RELEASES_LIST,
  gsi2sk: `${m.createdAt}#${m.id}`,
});
export const releaseKey = (id: string) => ({ pk: `RELEASE#${id}`, sk: '#RELEASE' });
export const recipientKey = (id: string, email: string) => ({ pk: `RELEASE#${id}`, sk: `TO#${email}` });

export type RecipientOutcome = 'sent' | 'suppressed' | 'failed';

/** What every mailing carries: who announced it and how far its sending got. */
export interface MailingProgress {
  id: string;
  createdAt: string;
  createdBy: string;
  /**
   * scheduled: waits for its time (a release only; editable, movable, cancellable); sending: the
   * sender works through it; done: every recipient has an outcome; cancelled: never sent.
   */
  status: 'scheduled' | 'sending' | 'done' | 'cancelled';
  /** Recipients: the members confirmed when it started (set by the first sender run). */
  total?: number;
  sent: number;
  suppressed: number;
  failed: number;
  /** Claimed by a sender that died before it learnt the outcome: never sent again. */
  interrupted: number;
  doneAt?: string;
}

export interface ReleaseEntity extends ReleaseContent, MailingProgress {
  kind: 'release';
  /** The collection whose pre-sale ends at the release; absent for an event. */
  typeId?: string;
  /**
   * Made when its collection went on sale from the editor (issue 45), one per collection: it
   * starts once the collection is out of pre-sale and has a piece, and ends no pre-sale.
   */
  onSale?: true;
  /** When it goes out (absent on the releases of issue 17: their createdAt). */
  sendAt?: string;
  /** When the sender started it: the members confirmed by then are its recipients. */
  startedAt?: string;
  /** Edits and moves so far; the start and every edit are conditional on it. */
  revision?: number;
  updatedAt?: string;
  updatedBy?: string;
  cancelledAt?: string;
  cancelledBy?: string;
}

/** The notice to members that the terms changed (issue 20): the new version, its date, a summary. */
export interface TermsNoticeEntity extends MailingProgress {
  kind: 'termsNotice';
  /** Sent as soon as it is published: never scheduled. */
  status: 'sending' | 'done';
  version: string;
  effectiveDate: string;
  summary: string;
  /** The terms page, absolute. */
  termsLink: string;
}

/**
 * A release draw's opening told to the members (issue 45): made with the draw, in its
 * transaction (one per draw: its id is the draw's), and sent at the window's opening to the
 * members confirmed then, like a scheduled release. What the mail says is fixed when it is made.
 */
export interface DrawOpeningEntity extends MailingProgress {
  kind: 'drawOpening';
  /** scheduled until the window opens; cancelled: the window closed before it could start. */
  status: 'scheduled' | 'sending' | 'done' | 'cancelled';
  drawId: string;
  pieceName: string;
  opensAt: string;
  closesAt: string;
  /** The draw's page, absolute. */
  drawLink: string;
  /** The window's opening (or the draw's creation, if it opened already). */
  sendAt: string;
  startedAt?: string;
  cancelledAt?: string;
  /** Always 0: never edited (the start's condition is the release's). */
  revision: 0;
}

export type MailingEntity = ReleaseEntity | TermsNoticeEntity | DrawOpeningEntity;

/** A mailing the sender starts at its time: a scheduled release or a draw's opening. */
export type ScheduledMailing = ReleaseEntity | DrawOpeningEntity;

/** The one mailing of a draw's opening. */
export const drawOpeningId = (drawId: string) => `draw-${drawId}`;

/**
 * The members told of a draw's opening: the mailing's Put, for the draw's own transaction
 * (refused if the draw's mailing exists: one per draw).
 */
export function drawOpeningPut(
  draw: Pick<DrawOpeningEntity, 'drawId' | 'pieceName' | 'opensAt' | 'closesAt' | 'drawLink'>,
  admin: string,
  now: Date,
) {
  const mailing: DrawOpeningEntity = {
    kind: 'drawOpening',
    ...newMailing(admin, now),
    id: drawOpeningId(draw.drawId),
    status: 'scheduled',
    ...draw,
    sendAt: new Date(Math.max(Date.parse(draw.opensAt), now.getTime())).toISOString(),
    revision: 0,
  };
  return mailingPut(mailing);
}

/** A new mailing's progress: sending, nobody mailed yet. */
export function newMailing(admin: string, now: Date): MailingProgress & { status: 'sending' } {
  return {
    id: randomUUID(),
    createdAt: now.toISOString(),
    createdBy: admin,
    status: 'sending',
    sent: 0,
    suppressed: 0,
    failed: 0,
    interrupted: 0,
  };
}

/** A mailing's item in the RELEASES list (a conditional Put, for a transaction). */
export function mailingPut(mailing: MailingEntity) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...releaseKey(mailing.id),
        ...releasesListIndex(mailing),
        ...mailing,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export interface RecipientEntity {
  kind: 'releaseRecipient';
  releaseId: string;
  email: string;
  state: 'sending' | RecipientOutcome;
  /** When the marker was claimed; then when its outcome was written. */
  at: string;
  error?: string;
}

/** When a release goes out. */
export const sendAtOf = (release: Pick<ScheduledMailing, 'sendAt' | 'createdAt'>): string =>
  release.sendAt ?? release.createdAt;

/** Schedules a release at `sendAt` (now when absent): the item, with its audit entry, in one transaction. */
export async function createRelease(
  input: ReleaseContent & { typeId?: string },
  admin: string,
  sendAt?: string,
  now = new Date(),
): Promise<ReleaseEntity> {
  const release: ReleaseEntity = {
    kind: 'release',
    ...newMailing(admin, now),
    status: 'scheduled',
    ...input,
    sendAt: new Date(sendAt ?? now).toISOString(),
    revision: 0,
  };
  await auditedWrite([mailingPut(release)], {
    admin,
    action: 'announce',
    entity: 'release',
    entityId: release.id,
    after: release,
  });
  return release;
}

/** The one automatic release of a collection put on sale from the editor. */
export const onSaleReleaseId = (typeId: string) => `onsale-${typeId}`;

/**
 * Schedules a collection's automatic release at `now`, with its audit entry: undefined if the
 * collection has had one already (its id is the collection's: never a second, even cancelled).
 */
export async function createOnSaleRelease(
  input: ReleaseContent & { typeId: string },
  admin: string,
  now = new Date(),
): Promise<ReleaseEntity | undefined> {
  const release: ReleaseEntity = {
    kind: 'release',
    ...newMailing(admin, now),
    id: onSaleReleaseId(input.typeId),
    status: 'scheduled',
    ...input,
    onSale: true,
    sendAt: now.toISOString(),
    revision: 0,
  };
  try {
    await transact([
      mailingPut(release),
      auditItem({ admin, action: 'announce', entity: 'release', entityId: release.id, after: release }),
    ]);
    return release;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return undefined;
    throw error;
  }
}

export async function getRelease(id: string): Promise<ReleaseEntity | undefined> {
  const item = await getItem<MailingEntity>(releaseKey(id));
  return item?.kind === 'release' ? (withoutKeys(item) as ReleaseEntity) : undefined;
}

/** A schedule staff may still change: 404 if unknown, 409 once its sending started or it was cancelled. */
async function requireScheduled(id: string): Promise<ReleaseEntity> {
  const release = await getRelease(id);
  if (!release) throw notFound('release');
  if (release.status === 'cancelled') throw httpError(409, RELEASE_MESSAGES.cancelled);
  if (release.status !== 'scheduled') throw httpError(409, RELEASE_MESSAGES.started);
  return release;
}

/** Holds only while the release is the scheduled version that was read (no start, no other edit). */
const unchangedSchedule = (release: ScheduledMailing) => ({
  ConditionExpression: '#status = :scheduled AND #revision = :revision',
  ExpressionAttributeNames: { '#status': 'status', '#revision': 'revision' },
  ExpressionAttributeValues: { ':scheduled': 'scheduled', ':revision': release.revision ?? 0 },
});

/**
 * Edits or moves a scheduled release: its content and time replaced, its revision counted. Refused
 * (409) once the sender started it: a release's mail is the same for every member, and the
 * markers of those already mailed must keep meaning "this mail".
 */
export async function updateRelease(
  id: string,
  input: ReleaseContent & { typeId?: string },
  sendAt: string,
  admin: string,
  now = new Date(),
): Promise<ReleaseEntity> {
  const before = await requireScheduled(id);
  const after: ReleaseEntity = {
    kind: 'release',
    id,
    createdAt: before.createdAt,
    createdBy: before.createdBy,
    status: 'scheduled',
    sent: 0,
    suppressed: 0,
    failed: 0,
    interrupted: 0,
    ...input,
    ...(before.onSale ? { onSale: true as const } : {}),
    sendAt: new Date(sendAt).toISOString(),
    revision: (before.revision ?? 0) + 1,
    updatedAt: now.toISOString(),
    updatedBy: admin,
  };
  const guard = unchangedSchedule(before);
  const { ConditionExpression: _unconditional, ...put } = mailingPut(after).Put;
  await auditedWrite([{ Put: { ...put, ...guard } }], {
    admin,
    action: 'reschedule',
    entity: 'release',
    entityId: id,
    before,
    after,
  });
  return after;
}

/** Cancels a scheduled release (409 once its sending started): the sender never starts it. */
export async function cancelRelease(id: string, admin: string, now = new Date()): Promise<void> {
  const before = await requireScheduled(id);
  const guard = unchangedSchedule(before);
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: releaseKey(id),
          UpdateExpression: 'SET #status = :cancelled, cancelledAt = :at, cancelledBy = :admin',
          ...guard,
          ExpressionAttributeValues: {
            ...guard.ExpressionAttributeValues,
            ':cancelled': 'cancelled',
            ':at': now.toISOString(),
            ':admin': admin,
          },
        },
      },
    ],
    { admin, action: 'cancel', entity: 'release', entityId: id, before },
  );
}

/**
 * Starts a scheduled release that is due, with `alongside` (the end of its collection's
 * pre-sale and its audit entry) in the same transaction: false if it was edited, moved or
 * cancelled since it was read (the next run sees the new version).
 */
export async function startRelease(
  release: ScheduledMailing,
  alongside: TransactItem[],
  now: Date,
): Promise<boolean> {
  const guard = unchangedSchedule(release);
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: releaseKey(release.id),
          UpdateExpression: 'SET #status = :sending, startedAt = :at',
          ...guard,
          ExpressionAttributeValues: {
            ...guard.ExpressionAttributeValues,
            ':sending': 'sending',
            ':at': now.toISOString(),
          },
        },
      },
      ...alongside,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/** A draw's opening whose window closed before it could start: never sent (false if it started). */
export async function cancelDrawOpening(mailing: DrawOpeningEntity, now: Date): Promise<boolean> {
  const guard = unchangedSchedule(mailing);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: releaseKey(mailing.id),
        UpdateExpression: 'SET #status = :cancelled, cancelledAt = :at',
        ...guard,
        ExpressionAttributeValues: {
          ...guard.ExpressionAttributeValues,
          ':cancelled': 'cancelled',
          ':at': now.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Every mailing (releases, terms notices, draws' openings), newest first. */
export function listMailings(): Promise<MailingEntity[]> {
  return queryAll<MailingEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': RELEASES_LIST },
    ScanIndexForward: false,
  });
}

/** Every release, newest first. */
export async function listReleases(): Promise<ReleaseEntity[]> {
  return (await listMailings()).filter((m): m is ReleaseEntity => m.kind === 'release');
}

/** A release's recipient markers. */
export function listRecipients(releaseId: string): Promise<RecipientEntity[]> {
  return queryAll<RecipientEntity>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :to)',
    ExpressionAttributeValues: { ':pk': releaseKey(releaseId).pk, ':to': 'TO#' },
    ConsistentRead: true,
  });
}

/** Writes the recipient count once (the first run that lists them). */
export async function setReleaseTotal(releaseId: string, total: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: releaseKey(releaseId),
      UpdateExpression: 'SET #total = if_not_exists(#total, :total)',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':total': total },
    }),
  );
}

/**
 * Claims a recipient before its mail is sent: false if it already has a marker (sent, being
 * sent, or claimed by a sender that died), so nobody is mailed twice.
 */
export async function claimRecipient(releaseId: string, email: string, now: Date): Promise<boolean> {
  const marker: RecipientEntity = {
    kind: 'releaseRecipient',
    releaseId,
    email,
    state: 'sending',
    at: now.toISOString(),
  };
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...recipientKey(releaseId, email), ...marker },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The claimed recipient's outcome and the release's count of it, together. */
export async function recordOutcome(
  releaseId: string,
  email: string,
  outcome: RecipientOutcome,
  now: Date,
  error?: string,
): Promise<void> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: recipientKey(releaseId, email),
          UpdateExpression: `SET #state = :outcome, #at = :at${error ? ', #error = :error' : ''}`,
          ConditionExpression: '#state = :sending',
          ExpressionAttributeNames: {
            '#state': 'state',
            '#at': 'at',
            ...(error ? { '#error': 'error' } : {}),
          },
          ExpressionAttributeValues: {
            ':outcome': outcome,
            ':sending': 'sending',
            ':at': now.toISOString(),
            ...(error ? { ':error': error } : {}),
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: releaseKey(releaseId),
          UpdateExpression: 'ADD #count :one',
          ExpressionAttributeNames: { '#count': outcome },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
  } catch (err) {
    // Already recorded (a retried write that had committed): counted once.
    if (!(err instanceof TransactionCanceledException)) throw err;
  }
}

/** Every recipient has an outcome: the release is done; markers left in 'sending' count as interrupted. */
export async function finishRelease(releaseId: string, interrupted: number, now: Date): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: releaseKey(releaseId),
        UpdateExpression: 'SET #status = :done, doneAt = :at, interrupted = :interrupted',
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':done': 'done',
          ':sending': 'sending',
          ':at': now.toISOString(),
          ':interrupted': interrupted,
        },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity:
        'Release (announced to members; the one of a collection put on sale from the editor: id `onsale-<typeId>`, issue 45)',
      pk: '`RELEASE#<id>`',
      sk: '`#RELEASE`',
      gsi2: '`RELEASES` / `<createdAt>#<id>`',
      keys: () => [releaseKey('<id>'), releasesListIndex({ createdAt: '<createdAt>', id: '<id>' })],
    },
    {
      entity: 'Release recipient marker (at most once)',
      pk: '`RELEASE#<id>`',
      sk: '`TO#<email>`',
      keys: () => recipientKey('<id>', '<email>'),
    },
    {
      entity: 'Terms notice (a mailing to members, same queue as releases)',
      pk: '`RELEASE#<id>` (`kind: termsNotice`)',
      sk: '`#RELEASE`',
      gsi2: '`RELEASES` / `<createdAt>#<id>`',
      keys: () => [releaseKey('<id>'), releasesListIndex({ createdAt: '<createdAt>', id: '<id>' })],
    },
    {
      entity: 'Draw opening (a mailing to members, same queue: one per draw, made with the draw)',
      pk: '`RELEASE#draw-<drawId>` (`kind: drawOpening`)',
      sk: '`#RELEASE`',
      gsi2: '`RELEASES` / `<createdAt>#<id>`',
      keys: () => [
        releaseKey(drawOpeningId('<drawId>')),
        releasesListIndex({ createdAt: '<createdAt>', id: '<id>' }),
      ],
    },
  ],
};
