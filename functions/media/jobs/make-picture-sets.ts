import type { S3Event } from 'aws-lambda';

/**
 * Placeholder so the stack can bundle the image function (sharp installed beside the bundle);
 * the pipeline branch replaces this file with the real picture sets.
 */
export async function makePictureSet(bucket: string, key: string): Promise<void> {
  // Loaded on first use: an event for a key without a picture set never loads libvips.
  const { default: sharp } = await import('sharp');
  const reader = sharp().metadata;
  console.log(JSON.stringify({ bucket, key, sharp: typeof reader }));
}

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records) await makePictureSet(record.s3.bucket.name, record.s3.object.key);
}
