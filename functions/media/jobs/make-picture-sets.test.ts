import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewKey, variantKeys } from '#shared/media.ts';
import { completionKey } from '../picture-set-state.ts';
import { eventKey, handler, makePictureSet } from './make-picture-sets.ts';

/** The media bucket, in memory: what the job reads and writes, in the order it writes it. */
const bucket = vi.hoisted(() => ({
  objects: new Map<string, { body: Uint8Array; contentType?: string; cacheControl?: string }>(),
  written: [] as string[],
}));

vi.mock('#platform/media-clients.ts', () => ({
  s3: () => ({
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const key = command.input.Key as string;
      const missing = () => Object.assign(new Error(key), { name: 'NotFound' });
      switch (command.constructor.name) {
        case 'HeadObjectCommand':
          if (!bucket.objects.has(key)) throw missing();
          return {};
        case 'GetObjectCommand': {
          const object = bucket.objects.get(key);
          if (!object) throw Object.assign(missing(), { name: 'NoSuchKey' });
          return { Body: { transformToByteArray: async () => object.body } };
        }
        case 'PutObjectCommand':
          bucket.written.push(key);
          bucket.objects.set(key, {
            body: command.input.Body as Uint8Array,
            contentType: command.input.ContentType as string,
            cacheControl: command.input.CacheControl as string,
          });
          return {};
        default:
          throw new Error(`unexpected ${command.constructor.name}`);
      }
    },
  }),
}));

const event = (...records: [string, string][]) =>
  ({
    Records: records.map(([eventName, key]) => ({
      eventName,
      s3: { bucket: { name: 'media' }, object: { key } },
    })),
  }) as unknown as S3Event;

describe('the picture-set function', () => {
  it('reads the URL-encoded keys of S3 notifications, "+" for a space', () => {
    expect(eventKey('collection_images/ab12.jpg')).toBe('collection_images/ab12.jpg');
    expect(eventKey('collection_images/a+b%2Bc%C3%A9.jpg')).toBe('collection_images/a b+cé.jpg');
  });

  it('does nothing for what has no set, nor for anything but a created object', async () => {
    expect(
      await handler(
        event(
          ['ObjectCreated:Put', 'collection_images/logo.svg'],
          ['ObjectCreated:Put', 'videos/film+one.mp4'],
          ['ObjectCreated:Put', 'collection_images/ab12/640w.avif'],
          ['ObjectRemoved:Delete', 'collection_images/ab12.jpg'],
          ['ObjectCreated:Put', 'collection_images/%E0%A4%A.jpg'],
        ),
      ),
    ).toEqual([
      { key: 'collection_images/logo.svg', skipped: 'not a picture' },
      { key: 'videos/film one.mp4', skipped: 'not a picture' },
      { key: 'collection_images/ab12/640w.avif', skipped: 'not a picture' },
    ]);
  });
});

describe('a stored picture', () => {
  it('gets its ladder and its 1200×630 crop for link previews, the completion variant written last', async () => {
    const key = 'collection_images/0f4c2a7e.jpg';
    const photo = await sharp({ create: { width: 640, height: 960, channels: 3, background: '#4a2030' } })
      .jpeg()
      .toBuffer();
    bucket.objects.set(key, { body: photo });
    expect(await makePictureSet('media', key)).toEqual({ key, made: variantKeys(key).length });
    expect([...bucket.written].sort()).toEqual([...variantKeys(key)].sort());
    expect(bucket.written.at(-1)).toBe(completionKey(key));
    const preview = bucket.objects.get(previewKey(key));
    expect(preview?.contentType).toBe('image/jpeg');
    expect(preview?.cacheControl).toContain('immutable');
    const meta = await sharp(preview?.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    // A second delivery of the event finds the set complete.
    expect(await makePictureSet('media', key)).toEqual({ key, skipped: 'set exists' });
  });
});
