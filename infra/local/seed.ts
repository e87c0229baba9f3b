import { readFileSync } from 'node:fs';
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
import { PICTURE_CONTENT_TYPES, variantKey } from '#shared/media.ts';
import { demoCatalogue, isDemoPhoto } from './demo/catalogue.ts';
import { inParallel } from './demo/photos.ts';
import { type DemoPictureSet, demoPictureSets } from './demo/picture-sets.ts';

/**
 * Loads the demo catalogue — items into the table, media into the buckets — when the shop has
 * no collection. Its photographs go in as an upload's do, with their picture sets (made once
 * per checkout, see demo/picture-sets.ts).
 */
export async function seedIfEmpty(
  db: DynamoDBDocumentClient,
  s3: S3Client,
  tableName: string,
  buckets: { public: string; private: string },
  log: (line: string) => void = (line) => console.log(`[local] ${line}`),
): Promise<{ items: number; media: number } | undefined> {
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
  const sets = await demoPictureSets(
    media.filter(isDemoPhoto).map((m) => m.composition),
    log,
  );
  const put = (key: string, body: Buffer, contentType: string) =>
    s3.send(
      new PutObjectCommand({
        Bucket: key.startsWith(PRIVATE_MEDIA_PREFIX) ? buckets.private : buckets.public,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  await inParallel(media, async (file) => {
    if (!isDemoPhoto(file)) return put(file.key, file.body, file.contentType);
    const set = sets.get(file.composition) as DemoPictureSet;
    // As an upload's: the set beside the original, at its variant keys. It is put first, so
    // the stack's picture-set hook finds it complete when the original arrives and leaves it.
    await Promise.all(
      set.variants.map((v) =>
        put(variantKey(file.key, v.width, v.format), readFileSync(v.file), PICTURE_CONTENT_TYPES[v.format]),
      ),
    );
    return put(file.key, readFileSync(set.original), file.contentType);
  });
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
