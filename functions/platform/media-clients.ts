import { S3Client } from '@aws-sdk/client-s3';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import { PRIVATE_MEDIA_PREFIX } from '#shared/media.ts';

export function mediaBucket(): string {
  const name = process.env.MEDIA_BUCKET;
  if (!name) throw new Error('MEDIA_BUCKET is not set');
  return name;
}

/** Authenticity photos (and anything private) live in their own bucket, which CloudFront never serves. */
export function privateMediaBucket(): string {
  const name = process.env.PRIVATE_MEDIA_BUCKET;
  if (!name) throw new Error('PRIVATE_MEDIA_BUCKET is not set');
  return name;
}

export { PRIVATE_MEDIA_PREFIX };

/** The bucket a media key lives in. */
export function bucketOf(key: string): string {
  return key.startsWith(PRIVATE_MEDIA_PREFIX) ? privateMediaBucket() : mediaBucket();
}

let s3Client: S3Client | undefined;

export function s3(): S3Client {
  s3Client ??= recordAwsCalls(
    new S3Client({
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
  );
  return s3Client;
}
