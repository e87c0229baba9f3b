import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, s3 } from '#platform/media-clients.ts';
import type { KeySet } from '#shared/passport/keys.ts';

/**
 * What the passport publishes in the public media bucket under `passport/` (CloudFront serves it;
 * `/.well-known/passport-keys.json` is `passport/keys.json`).
 */
export const KEY_SET_FILE = 'passport/keys.json';

/** Short-lived at the edge: a rotation must reach the verify pages within minutes. */
const KEY_SET_CACHE_CONTROL = 'public, max-age=300';

export async function publishKeySet(keys: KeySet): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: KEY_SET_FILE,
      Body: JSON.stringify(keys),
      ContentType: 'application/json',
      CacheControl: KEY_SET_CACHE_CONTROL,
    }),
  );
}
