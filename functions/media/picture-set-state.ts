import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#platform/media-clients.ts';
import { PICTURE_WIDTHS, variantKey } from '#shared/media.ts';

/**
 * Whether a stored picture's responsive set is there: one rule for the picture-set function
 * (which leaves a complete set alone) and for staff asking after a fresh upload (GET /picture-set).
 */

/** The variant written last (functions/media/jobs/make-picture-sets.ts), so its presence means the whole set is there. */
export const completionKey = (key: string) =>
  variantKey(key, PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number, 'jpg');

export const isMissing = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string })?.name ?? '');

/**
 * Whether an object is stored, by a HeadObject. S3 answers a missing key 404 only to a caller
 * that may list the bucket (else 403, thrown here like any other failure).
 */
export async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Whether the picture's set is complete: its last variant exists. */
export function pictureSetComplete(bucket: string, key: string): Promise<boolean> {
  return objectExists(bucket, completionKey(key));
}
