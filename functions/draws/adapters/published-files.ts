import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, s3 } from '#platform/media-clients.ts';

/**
 * The draw's public files in the media bucket (CloudFront serves /draws/*): written once, never
 * changed afterwards (a file of the same name is only ever written again with the same bytes).
 */
const FOREVER = 'public, max-age=31536000, immutable';

export async function readPublished(key: string): Promise<string | undefined> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return await answer.Body?.transformToString('utf-8');
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function publish(key: string, text: string, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      Body: text,
      ContentType: `${contentType}; charset=utf-8`,
      CacheControl: FOREVER,
    }),
  );
}

/**
 * Publishes `text` unless the file exists; if it does, it must hold exactly `text` (what an
 * earlier run of the same step wrote): anything else is refused, never replaced.
 */
export async function publishOnce(
  key: string,
  text: string,
  contentType: string,
): Promise<'written' | 'existed'> {
  const existing = await readPublished(key);
  if (existing === text) return 'existed';
  if (existing !== undefined) throw new Error(`${key} is published with other content: it is not replaced`);
  await publish(key, text, contentType);
  return 'written';
}
