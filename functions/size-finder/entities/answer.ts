import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type TypeEntity, typeKey } from '#catalog/index.ts';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { Page } from '#shared/admin.ts';
import type { Gender } from '#shared/constants.ts';
import { pageOf } from '#table/audit.ts';
import type { Keys } from '#table/keys.ts';
import { getItem, getItems, queryAll, withoutKeys } from '#table/query.ts';

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
}

/** Stores size finder answers only if their collection exists: one atomic request. */
export async function addAnswer(answer: AnswerEntity): Promise<'added' | 'no-type'> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
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
        ],
      }),
    );
    return 'added';
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      return 'no-type';
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
});

/** Newest first, a page at a time, each with its collection's name. */
export async function listAnswers(offset: number, pageSize: number): Promise<Page<AnswerSummary>> {
  const all = await queryAll<AnswerEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': ANSWERS_LIST },
    ScanIndexForward: false,
  });
  const page = pageOf(all, offset, pageSize);
  const names = await collectionNamesOf(page.list.map((a) => a.typeId));
  return { ...page, list: page.list.map((a) => summary(a, names)) };
}

export async function getAnswer(id: string): Promise<AnswerDetails | undefined> {
  const stored = await getItem<AnswerEntity>(answerKey(id));
  if (!stored) return undefined;
  const answer = withoutKeys(stored);
  const names = await collectionNamesOf([answer.typeId]);
  const result = Object.entries(answer.result ?? {})
    .map(([index, entry]) => ({ index: Number(index), shortName: entry.shortName, val: entry.val }))
    .sort((a, b) => a.index - b.index);
  return { ...summary(answer, names), result };
}
