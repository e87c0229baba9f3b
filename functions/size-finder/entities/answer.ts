import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sizeKey, type TypeEntity, typeKey } from '#catalog/index.ts';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { Page } from '#shared/admin.ts';
import type { Gender } from '#shared/constants.ts';
import { auditItem, pageOf } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { getItem, getItems, queryAll, withoutKeys } from '#table/query.ts';
import { attemptUpdate, type Limit } from '#table/rate-limit.ts';
import { isConditionFailed, transact } from '#table/transactions.ts';

export const answerKeys = (a: { id: string; createdTime: string }): Keys => ({
  pk: `ANSWER#${a.id}`,
  sk: '#ANSWER',
  gsi2pk: 'ANSWERS',
  gsi2sk: `${a.createdTime}#${a.id}`,
});

/** One size finder answer by id, and the shop-wide list of answers (gsi2, in time order). */
export const answerKey = (id: string) => ({ pk: `ANSWER#${id}`, sk: '#ANSWER' });

export const ANSWERS_LIST = 'ANSWERS';

export interface AnswerEntity {
  kind: 'answer';
  id: string;
  typeId: string;
  gender?: Gender;
  email: string;
  result: Record<string, { shortName: string; val: string }>;
  createdTime: string;
  /** The shop's latest reply (000 §9); earlier ones are in the audit log. */
  reply?: StoredReply;
}

/**
 * A reply as stored on its answer: `id` is made by the browser once per reply, so a retried
 * call is known; `mailSentAt` once SES took the mail; `mailLeaseUntil` (epoch ms) while a
 * sender is at work, so two calls never mail the same reply at once.
 */
export interface StoredReply {
  id: string;
  sizeId: string;
  sizeName: string;
  note: string;
  at: string;
  by: string;
  count: number;
  mailSentAt?: string;
  mailLeaseUntil?: number;
}

/**
 * Stores size finder answers only if their collection exists and the sender's address is
 * within its limit: one atomic request, the limit's count included (a refused or failed
 * request counts nothing).
 */
export async function addAnswer(
  answer: AnswerEntity,
  sender: { limit: Limit; address: string; now: number },
): Promise<'added' | 'no-type' | 'limited'> {
  try {
    await transact([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: typeKey(answer.typeId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...answerKeys(answer), ...answer },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Update: attemptUpdate(sender.limit, sender.address, sender.now) },
    ]);
    return 'added';
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'no-type';
      if (reasons[2]?.Code === 'ConditionalCheckFailed') return 'limited';
    }
    throw error;
  }
}

/**
 * Size finder answers as staff read them (001 §3 Answer: name, gender, createdTime, result).
 * `name` is the collection's name (the shopper sends only its id); entries come in step order.
 */
export interface AnswerSummary {
  id: string;
  name: string;
  typeId: string;
  gender?: Gender;
  email: string;
  createdTime: string;
  reply?: StoredReply;
}

export interface AnswerDetails extends AnswerSummary {
  result: { index: number; shortName: string; val: string }[];
}

async function collectionNamesOf(typeIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(typeIds)];
  if (unique.length === 0) return new Map();
  const types = (await getItems(unique.map(typeKey))) as unknown as TypeEntity[];
  return new Map(types.map((t) => [t.id, t.name]));
}

const summary = (answer: AnswerEntity, names: Map<string, string>): AnswerSummary => ({
  id: answer.id,
  name: names.get(answer.typeId) ?? answer.typeId,
  typeId: answer.typeId,
  ...(answer.gender === undefined ? {} : { gender: answer.gender }),
  email: answer.email,
  createdTime: answer.createdTime,
  ...(answer.reply === undefined ? {} : { reply: answer.reply }),
});

/** Newest first, a page at a time, each with its collection's name; `keep` filters before paging. */
export async function listAnswers(
  offset: number,
  pageSize: number,
  keep: (answer: AnswerEntity) => boolean = () => true,
): Promise<Page<AnswerSummary>> {
  const all = await queryAll<AnswerEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': ANSWERS_LIST },
    ScanIndexForward: false,
  });
  const page = pageOf(all.filter(keep), offset, pageSize);
  const names = await collectionNamesOf(page.list.map((a) => a.typeId));
  return { ...page, list: page.list.map((a) => summary(a, names)) };
}

export async function getAnswer(id: string): Promise<AnswerDetails | undefined> {
  const stored = await getItem<AnswerEntity>(answerKey(id));
  if (!stored) return undefined;
  return answerDetails(withoutKeys(stored));
}

/** An answer as staff read it: its collection's name, its entries in step order. */
export async function answerDetails(answer: AnswerEntity): Promise<AnswerDetails> {
  const names = await collectionNamesOf([answer.typeId]);
  const result = Object.entries(answer.result ?? {})
    .map(([index, entry]) => ({ index: Number(index), shortName: entry.shortName, val: entry.val }))
    .sort((a, b) => a.index - b.index);
  return { ...summary(answer, names), result };
}

/** One answer as stored, read consistently (a reply checks what it read). */
export async function readAnswer(id: string): Promise<AnswerEntity | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: answerKey(id), ConsistentRead: true }),
  );
  return Item ? withoutKeys(Item as AnswerEntity) : undefined;
}

const REPLY = { '#reply': 'reply' };

/**
 * Records a reply with its audit entry in one transaction, if the answer still has the reply
 * the caller saw (none, or `previous`) and the size still belongs to the answer's collection.
 * The recorder holds the mail lease (`reply.mailLeaseUntil`) from the start. Answers false
 * when a condition failed (another reply meanwhile, or the size moved or went): re-read.
 */
export async function recordReply(
  answer: AnswerEntity,
  reply: StoredReply,
  admin: string,
  now: number,
): Promise<boolean> {
  const previous = answer.reply;
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: answerKey(answer.id),
          UpdateExpression: 'SET #reply = :reply',
          ConditionExpression: previous
            ? 'attribute_exists(pk) AND #reply.id = :previous'
            : 'attribute_exists(pk) AND attribute_not_exists(#reply)',
          ExpressionAttributeNames: REPLY,
          ExpressionAttributeValues: {
            ':reply': reply,
            ...(previous ? { ':previous': previous.id } : {}),
          },
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: sizeKey(reply.sizeId),
          ConditionExpression: 'typeId = :tid',
          ExpressionAttributeValues: { ':tid': answer.typeId },
        },
      },
      auditItem(
        {
          admin,
          action: previous ? 'reply again' : 'reply',
          entity: 'answer',
          entityId: answer.id,
          ...(previous ? { before: replyForAudit(previous) } : {}),
          after: { email: answer.email, typeId: answer.typeId, ...replyForAudit(reply) },
        },
        now,
      ),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

const replyForAudit = ({ mailLeaseUntil: _lease, ...reply }: StoredReply) => reply;

/**
 * Takes the lease to send a reply's mail: only if it is still the answer's reply, its mail has
 * not gone out and no other sender holds a lease that is still running. Answers the answer as
 * it now stands, or undefined when another has it (or the mail went).
 */
export async function claimReplyMail(
  answerId: string,
  replyId: string,
  now: number,
  until: number,
): Promise<AnswerEntity | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: answerKey(answerId),
        UpdateExpression: 'SET #reply.mailLeaseUntil = :until',
        ConditionExpression:
          '#reply.id = :rid AND attribute_not_exists(#reply.mailSentAt) AND (attribute_not_exists(#reply.mailLeaseUntil) OR #reply.mailLeaseUntil < :now)',
        ExpressionAttributeNames: REPLY,
        ExpressionAttributeValues: { ':rid': replyId, ':now': now, ':until': until },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys(Attributes as AnswerEntity);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The reply's mail went out: recorded, the lease let go. */
export async function markReplyMailSent(answerId: string, replyId: string, at: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: answerKey(answerId),
        UpdateExpression: 'SET #reply.mailSentAt = :at REMOVE #reply.mailLeaseUntil',
        ConditionExpression: '#reply.id = :rid',
        ExpressionAttributeNames: REPLY,
        ExpressionAttributeValues: { ':rid': replyId, ':at': at },
      }),
    )
    .catch((error: unknown) => {
      // A newer reply replaced this one meanwhile: its own mail state is its own.
      if (!isConditionFailed(error)) throw error;
    });
}

/** SES refused the mail: the lease is let go at once, so staff can send it again. */
export async function releaseReplyMail(answerId: string, replyId: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: answerKey(answerId),
        UpdateExpression: 'REMOVE #reply.mailLeaseUntil',
        ConditionExpression: '#reply.id = :rid AND attribute_not_exists(#reply.mailSentAt)',
        ExpressionAttributeNames: REPLY,
        ExpressionAttributeValues: { ':rid': replyId },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Size finder answer (with its `reply`)',
      pk: '`ANSWER#<id>`',
      sk: '`#ANSWER`',
      gsi2: '`ANSWERS` / `<createdTime>#<id>`',
      keys: () => answerKeys({ id: '<id>', createdTime: '<createdTime>' }),
    },
  ],
};
