import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TYPES_LIST } from '#catalog/entities/collection.ts';
import { demoCatalogue } from './demo/catalogue.ts';

/** Loads the demo catalogue — items into the table, media into the bucket — when the shop has no collection. */
export async function seedIfEmpty(
  db: DynamoDBDocumentClient,
  s3: S3Client,
  tableName: string,
  bucket: string,
): Promise<{ items: number; media: number } | undefined> {
  const existing = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :types',
      ExpressionAttributeValues: { ':types': TYPES_LIST },
      Limit: 1,
    }),
  );
  if ((existing.Items ?? []).length > 0) return undefined;

  const { items, media } = demoCatalogue();
  for (const file of media) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: file.key,
        Body: typeof file.body === 'string' ? Buffer.from(file.body) : file.body,
        ContentType: file.contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }
  for (let i = 0; i < items.length; i += 25) {
    let requests: Record<string, unknown>[] = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('DynamoDB kept items unprocessed while seeding');
      const result = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }),
      );
      requests = (result.UnprocessedItems?.[tableName] ?? []) as Record<string, unknown>[];
    }
  }
  return { items: items.length, media: media.length };
}
