import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

let client: DynamoDBDocumentClient | undefined;

/** Direct access to the test table, to arrange data and to prove what a call wrote or did not. */
export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoDbUrl'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return client;
}

export async function putItems(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    const chunk = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db().send(new BatchWriteCommand({ RequestItems: { [inject('tableName')]: chunk } }));
  }
}

export async function getRaw(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  return (await db().send(new GetCommand({ TableName: inject('tableName'), Key: { pk, sk } }))).Item;
}

/** Every item whose pk starts with the prefix (a scan: tests only). */
export async function itemsWithPrefix(prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: inject('tableName'),
        FilterExpression: 'begins_with(pk, :p)',
        ExpressionAttributeValues: { ':p': prefix },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
