import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { logger, safeError } from '#platform/logger.ts';
import { s3 } from '#platform/media-clients.ts';
import { hasPictureSet, previewKey, variantKey, variantKeys } from '#shared/media.ts';
import { makePictureSet as makeSet, type PictureSet } from '../adapters/picture-set.ts';
import { completionKey, isMissing, objectExists, pictureSetComplete } from '../picture-set-state.ts';

/** Variant keys never change content: a new picture is a new upload with a new key. */
export const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type PictureSetResult =
  | { key: string; made: number }
  | { key: string; skipped: 'not a picture' | 'set exists' | 'original gone' | 'unreadable' }
  | { key: string; removed: number; because: 'original gone' };

/**
 * Makes the responsive set of one stored picture beside it, in the same bucket (a private
 * picture's set stays private): `collection_images/<id>.jpg` → `collection_images/<id>/640w.avif` …,
 * and its 1200×630 crop for link previews, `collection_images/<id>/preview-1200x630.jpg`.
 * Keys without a set (variants, SVGs, videos) are ignored; a picture sharp cannot read is
 * logged and left alone, since a retry could not read it either (the upload's confirmation
 * refuses such files). S3 and network failures throw, so the invocation is retried.
 */
export async function makePictureSet(bucket: string, key: string): Promise<PictureSetResult> {
  if (!hasPictureSet(key)) return { key, skipped: 'not a picture' };
  // S3 may deliver an event twice, and the demo catalogue stores ready-made sets: a set whose
  // last variant exists is complete (that variant is written after all the others).
  if (await pictureSetComplete(bucket, key)) return { key, skipped: 'set exists' };
  let original: Uint8Array;
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    original = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isMissing(error)) return { key, skipped: 'original gone' };
    throw error;
  }

  let set: PictureSet;
  try {
    set = await makeSet(original);
  } catch (error) {
    logger.warn('a stored picture cannot be read: no picture set made', {
      bucket,
      key,
      bytes: original.length,
      error: safeError(error),
    });
    return { key, skipped: 'unreadable' };
  }

  const files = [
    ...set.variants.map((v) => ({ key: variantKey(key, v.rung, v.format), ...v })),
    { key: previewKey(key), ...set.preview },
  ];
  const put = (file: (typeof files)[number]) =>
    s3().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: file.key,
        Body: file.body,
        ContentType: file.contentType,
        CacheControl: VARIANT_CACHE_CONTROL,
      }),
    );
  // The completion variant last: its presence says every other file of the set, the preview
  // crop included, is there.
  const last = files.find((file) => file.key === completionKey(key));
  await Promise.all(files.filter((file) => file !== last).map(put));
  if (last) await put(last);

  // The upload may have been refused (and its object deleted) while the set was being made:
  // the set must not outlive it.
  if (!(await objectExists(bucket, key))) {
    const removed = await deleteVariants(bucket, key);
    logger.info('the picture was deleted while its set was made: set removed', { bucket, key });
    return { key, removed, because: 'original gone' };
  }
  logger.info('made a picture set', {
    bucket,
    key,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.body.length, 0),
  });
  return { key, made: files.length };
}

async function deleteVariants(bucket: string, key: string): Promise<number> {
  const keys = variantKeys(key);
  await s3().send(
    new DeleteObjectsCommand({
      Bucket: bucket,
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    }),
  );
  return keys.length;
}

/** An S3 event's key is URL-encoded, with '+' for a space. */
export function eventKey(encoded: string): string {
  return decodeURIComponent(encoded.replace(/\+/g, ' '));
}

/**
 * The Lambda, invoked asynchronously by the buckets' ObjectCreated notifications on the picture
 * prefixes: retried on failure, then dead-lettered. Every record is tried before a failure is
 * thrown; a retry redoes the whole event, which only rewrites the same variants.
 */
export async function handler(event: S3Event): Promise<PictureSetResult[]> {
  const results: PictureSetResult[] = [];
  const failures: unknown[] = [];
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated:')) continue;
    const bucket = record.s3.bucket.name;
    let key: string;
    try {
      key = eventKey(record.s3.object.key);
    } catch {
      logger.warn('an S3 event names a key that is not URL-encoded', { bucket, key: record.s3.object.key });
      continue;
    }
    try {
      results.push(await makePictureSet(bucket, key));
    } catch (error) {
      logger.error('a picture set could not be made', { bucket, key, error: safeError(error) });
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} picture set(s) could not be made`);
  return results;
}
