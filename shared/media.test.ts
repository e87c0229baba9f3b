import { describe, expect, it } from 'vitest';
import { pictureSetKeyOf } from '#shared/media.ts';

describe('pictureSetKeyOf: the stored pictures that get a responsive set', () => {
  it('takes uploads and demo pictures, public and private, by their bucket key', () => {
    expect(pictureSetKeyOf('s3/collection_images/0f4c2a7e-1b2c-4d5e-8f90-123456789abc.jpg')).toBe(
      'collection_images/0f4c2a7e-1b2c-4d5e-8f90-123456789abc.jpg',
    );
    expect(pictureSetKeyOf('s3/collection_images/pieces/t-aurora-front.JPEG')).toBe(
      'collection_images/pieces/t-aurora-front.JPEG',
    );
    expect(pictureSetKeyOf('s3/authenticity/ab12.webp')).toBe('authenticity/ab12.webp');
    expect(pictureSetKeyOf('s3/collection_images/a.png')).toBe('collection_images/a.png');
  });

  it('refuses what has no set or is not a stored picture', () => {
    for (const url of [
      'collection_images/a.jpg',
      'https://cdn.example/a.jpg',
      '/media/collection_images/a.jpg',
      's3/collection_images/a.svg',
      's3/videos/a.mp4',
      's3/videos/a.jpg',
      's3/collection_images/ab12/640w.jpg',
      's3/collection_images/../authenticity/a.jpg',
      's3/collection_images/./a.jpg',
      's3/collection_images/.hidden.jpg',
      's3/collection_images//a.jpg',
      's3/collection_images/a b.jpg',
      's3/collection_images/a.jpg?x=1',
      's3/authenticity/a.jpg/',
      's3/',
      '',
      `s3/collection_images/${'a'.repeat(300)}.jpg`,
      's3/collection_images/1/2/3/4/5/a.jpg',
    ])
      expect(pictureSetKeyOf(url), url).toBeUndefined();
  });
});
