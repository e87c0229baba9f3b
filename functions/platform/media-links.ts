import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketOf, s3 } from '#platform/media-clients.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';

/**
 * Authenticity photos are never public: the portal hands its owner short-lived presigned
 * links to them instead, from the private media bucket (signed with the function's own read-only
 * grant on it).
 */
export const PRIVATE_LINK_SECONDS = 15 * 60;

export async function privateMediaLink(url: string): Promise<string> {
  if (!url.startsWith(S3_URL_PREFIX)) return url;
  const key = url.slice(S3_URL_PREFIX.length);
  const command = new GetObjectCommand({ Bucket: bucketOf(key), Key: key });
  return getSignedUrl(s3(), command, { expiresIn: PRIVATE_LINK_SECONDS });
}
