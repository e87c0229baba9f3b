import type { S3Event } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { eventKey, handler } from './make-picture-sets.ts';

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
