import {
  CopyObjectCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { BatchWriteCommand, type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { COLLECTIONS_LIST } from '#catalog/entities/keys.ts';
import { PRIVATE_MEDIA_PREFIX } from '#platform/media-clients.ts';
import { type DemoPhoto, demoCatalogue, isDemoPhoto } from './demo/catalogue.ts';
import { mostSeenFirst } from './demo/photo-order.ts';

/**
 * Loads the demo catalogue when the shop has no collection: its items into the table and its
 * films into the bucket, at once. Its photographs are handed back, most-seen first, for
 * ./demo-pictures.ts to store as they are made, while the shop already answers.
 */
export async function seedIfEmpty(
  db: DynamoDBDocumentClient,
  s3: S3Client,
  tableName: string,
  buckets: { public: string; private: string },
): Promise<{ items: number; media: number; photos: DemoPhoto[] } | undefined> {
  const existing = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :types',
      ExpressionAttributeValues: { ':types': COLLECTIONS_LIST },
      Limit: 1,
    }),
  );
  if ((existing.Items ?? []).length > 0) return undefined;

  const { items, media } = demoCatalogue();
  for (const file of media) {
    if (isDemoPhoto(file)) continue;
    await s3.send(
      new PutObjectCommand({
        Bucket: file.key.startsWith(PRIVATE_MEDIA_PREFIX) ? buckets.private : buckets.public,
        Key: file.key,
        Body: file.body,
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
  return {
    items: items.length,
    media: media.length,
    photos: mostSeenFirst(items, media.filter(isDemoPhoto)),
  };
}

/**
 * Local data made before authenticity photos had a bucket of their own kept them in the public
 * one: they are moved, once, so the public bucket holds nothing private.
 */
export async function movePrivateMedia(s3: S3Client, from: string, to: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: from, Prefix: PRIVATE_MEDIA_PREFIX }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length === 0) return moved;
    for (const key of keys) {
      await s3.send(
        new CopyObjectCommand({ Bucket: to, Key: key, CopySource: `${from}/${encodeURIComponent(key)}` }),
      );
      await s3.send(new DeleteObjectCommand({ Bucket: from, Key: key }));
      moved++;
    }
  }
}
