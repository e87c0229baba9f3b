import type { S3Event } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { encodeEventKey, pictureSetQueue, type S3rverEvent } from './picture-sets.ts';

const created = (bucket: string, key: string, eventName = 'ObjectCreated:Put'): S3rverEvent => ({
  Records: [{ eventName, s3: { bucket: { name: bucket }, object: { key } } }],
});

describe('the local picture-set queue', () => {
  it('invokes the function, one at a time, for pictures created under the picture prefixes only', async () => {
    const calls: string[] = [];
    let running = 0;
    let most = 0;
    const lines: string[] = [];
    const queue = pictureSetQueue({
      mediaBucket: 'media',
      privateMediaBucket: 'private',
      log: (line) => lines.push(line),
      invoke: async (event: S3Event) => {
        running++;
        most = Math.max(most, running);
        const record = event.Records[0];
        calls.push(`${record?.s3.bucket.name}/${record?.s3.object.key}`);
        await new Promise((done) => setImmediate(done));
        running--;
        if (record?.s3.object.key.includes('broken')) throw new Error('cannot');
      },
    });
    queue.notify(created('media', 'collection_images/a b.jpg'));
    queue.notify(created('media', 'collection_images/broken.png'));
    queue.notify(created('private', 'authenticity/c.webp'));
    queue.notify(created('media', 'collection_images/a/640w.jpg'));
    queue.notify(created('media', 'collection_images/a/preview-1200x630.jpg'));
    queue.notify(created('media', 'collection_images/d.svg'));
    queue.notify(created('media', 'videos/e.mp4'));
    queue.notify(created('media', 'authenticity/f.jpg'));
    queue.notify(created('private', 'collection_images/g.jpg'));
    queue.notify(created('media', 'collection_images/h.jpg', 'ObjectRemoved:Delete'));
    await queue.idle();
    expect(calls).toEqual([
      'media/collection_images/a+b.jpg',
      'media/collection_images/broken.png',
      'private/authenticity/c.webp',
    ]);
    expect(most).toBe(1);
    expect(queue.counts()).toEqual({ done: 2, failed: 1, queued: 0 });
    expect(lines).toEqual([expect.stringContaining('collection_images/broken.png failed: cannot')]);
  });

  it('leaves a picture whose set something else makes (the demo’s render pool)', async () => {
    const calls: string[] = [];
    const queue = pictureSetQueue({
      mediaBucket: 'media',
      privateMediaBucket: 'private',
      log: () => undefined,
      leave: (key) => key === 'authenticity/demo-1.jpg',
      invoke: async (event: S3Event) => {
        calls.push(event.Records[0]?.s3.object.key ?? '');
      },
    });
    queue.notify(created('private', 'authenticity/demo-1.jpg'));
    queue.notify(created('private', 'authenticity/upload-1.jpg'));
    await queue.idle();
    expect(calls).toEqual(['authenticity/upload-1.jpg']);
  });

  it('encodes keys as S3 notifications do', () => {
    expect(encodeEventKey('collection_images/a b+c/é.jpg')).toBe('collection_images/a+b%2Bc/%C3%A9.jpg');
  });
});
