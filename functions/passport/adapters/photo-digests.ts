import { GetObjectCommand } from '@aws-sdk/client-s3';
import { bucketOf, s3 } from '#platform/media-clients.ts';
import { sha256, toHex } from '#shared/passport/bytes.ts';

/**
 * The SHA-256 (hex) of a stored original, by its media key (an authenticity photograph lives in
 * the private media bucket; the verify page checks what it fetches against this).
 */
export async function storedObjectSha256(key: string): Promise<string> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: bucketOf(key), Key: key }));
  if (!answer.Body) throw new Error(`the media object ${key} has no body`);
  return toHex(await sha256(await answer.Body.transformToByteArray()));
}
