import { inject } from 'vitest';
import { runJob } from './jobs.ts';

/**
 * Waits until the local stack has made the picture set of every picture stored so far (its S3
 * notifications run the picture-set function in a queue, infra/local/picture-sets.ts).
 */
export async function pictureSetsMade(): Promise<{ done: number; failed: number; queued: number }> {
  const answer = await runJob('picture-sets');
  if (!answer.ok) throw new Error(`the local stack's picture sets: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { result: { done: number; failed: number; queued: number } }).result;
}

/** A stored object's address in the local bucket (s3rver, path style), readable without signing. */
export const objectAddress = (bucket: string, key: string) => `${inject('s3Url')}/${bucket}/${key}`;
