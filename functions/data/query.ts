import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lib/clients.ts';

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
