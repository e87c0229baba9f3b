import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';

type Item = Record<string, unknown>;

/** A Query that follows pages; one request unless a partition outgrows 1 MB. */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export async function getItem<T = Item>(
  key: { pk: string; sk: string },
  projection?: string[],
): Promise<T | undefined> {
  const names = projection ? Object.fromEntries(projection.map((p, i) => [`#p${i}`, p])) : undefined;
  const result = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ...(names
        ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
        : {}),
    }),
  );
  return result.Item as T | undefined;
}

/** Reads a few items by key in one request (retrying keys DynamoDB left unprocessed). */
export async function getItems(keys: { pk: string; sk: string }[]): Promise<Item[]> {
  const table = tableName();
  const found: Item[] = [];
  let pending: Record<string, unknown>[] = keys;
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
    found.push(...((result.Responses?.[table] ?? []) as Item[]));
    pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
  }
  if (pending.length > 0) throw new Error('DynamoDB left keys unprocessed');
  return found;
}

/** Builds `#a, #b` with names for a ProjectionExpression. */
export function projection(fields: readonly string[]) {
  const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
  return { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names };
}

const KEY_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

/** The entity without its table keys. */
export function withoutKeys<T>(item: T): T {
  return Object.fromEntries(
    Object.entries(item as Record<string, unknown>).filter(([k]) => !KEY_FIELDS.has(k)),
  ) as T;
}

export const byIndex = <T extends { index: number; id: string }>(a: T, b: T) =>
  a.index - b.index || a.id.localeCompare(b.id);

export type Key = { pk: string; sk: string };

/** Deletes items by key, 25 at a time (leftovers of a deleted owner, which nothing reaches). */
export async function deleteKeys(keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
    }
  }
}

export async function consistentGet<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const result = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item as T | undefined;
}
