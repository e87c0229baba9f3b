import { randomUUID } from 'node:crypto';
import type { S3Event, S3EventRecord } from 'aws-lambda';
import { runInScope } from '../../functions/platform/request-scope.ts';
import { hasPictureSet, PRIVATE_MEDIA_PREFIX } from '../../shared/media.ts';

/** The picture-set function's name on the local stack, as its calls are recorded (test/iam). */
export const PICTURE_SETS_FUNCTION = 'MediaJobsMakePictureSets';

/** Invokes the picture-set function with one S3 notification, as Lambda would. */
export type PictureSetInvoker = (event: S3Event, requestId: string) => Promise<unknown>;

/** The source handler, run in this process inside a function scope (so its AWS calls are attributed). */
export const sourceInvoker: PictureSetInvoker = async (event, requestId) => {
  const { handler } = await import('../../functions/media/jobs/make-picture-sets.ts');
  return runInScope(() => handler(event), PICTURE_SETS_FUNCTION, requestId);
};

/** s3rver's event: S3-notification-shaped, but with the key as stored rather than URL-encoded. */
export interface S3rverEvent {
  Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string } } }>;
}

/** S3 URL-encodes the key in its notifications, a space as '+'. */
export function encodeEventKey(key: string): string {
  return encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
}

export interface PictureSetQueue {
  /** Hands one of s3rver's events to the queue: ObjectCreated of a picture in a picture bucket. */
  notify(event: S3rverEvent): void;
  /** Resolves once every picture set queued so far (and any they queued) is done. */
  idle(): Promise<void>;
  counts(): { done: number; failed: number; queued: number };
  /** Drops what has not started and waits for what has. */
  stop(): Promise<void>;
}

/**
 * The S3 notification → Lambda path of AWS on the local stack: the media bucket's
 * `collection_images/` and the private bucket's `authenticity/` ObjectCreated events invoke the
 * picture-set function, one at a time (sharp takes whole cores; the stack shares two). A
 * failure is logged and the queue goes on: the local stack never falls over for a picture.
 */
export function pictureSetQueue(options: {
  mediaBucket: string;
  privateMediaBucket: string;
  invoke: PictureSetInvoker;
  log: (line: string) => void;
  /** A picture whose set something else makes (the demo's render pool, below the shop's priority). */
  leave?: (key: string) => boolean;
}): PictureSetQueue {
  const prefixes = new Map([
    [options.mediaBucket, 'collection_images/'],
    [options.privateMediaBucket, PRIVATE_MEDIA_PREFIX],
  ]);
  let tail: Promise<void> = Promise.resolve();
  let stopped = false;
  let queued = 0;
  let done = 0;
  let failed = 0;

  const run = async (record: S3EventRecord) => {
    if (stopped) return;
    try {
      await options.invoke({ Records: [record] }, randomUUID());
      done++;
    } catch (error) {
      failed++;
      options.log(
        `picture set of ${record.s3.bucket.name}/${record.s3.object.key} failed: ${(error as Error).message}`,
      );
    } finally {
      queued--;
    }
  };

  return {
    notify(event) {
      for (const record of event.Records ?? []) {
        const bucket = record.s3.bucket.name;
        const key = record.s3.object.key;
        const prefix = prefixes.get(bucket);
        if (stopped || !record.eventName.startsWith('ObjectCreated:')) continue;
        if (!prefix || !key.startsWith(prefix) || !hasPictureSet(key)) continue;
        if (options.leave?.(key)) continue;
        const notification = {
          ...record,
          s3: { ...record.s3, object: { ...record.s3.object, key: encodeEventKey(key) } },
        } as unknown as S3EventRecord;
        queued++;
        tail = tail.then(() => run(notification));
      }
    },
    async idle() {
      let seen: Promise<void>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
    counts: () => ({ done, failed, queued }),
    async stop() {
      stopped = true;
      await tail;
    },
  };
}
