import { describe, expect, it } from 'vitest';
import {
  hasPictureSet,
  largestPictureSrc,
  pictureSetKeyOf,
  previewKey,
  previewSrc,
  variantKeys,
} from '#shared/media.ts';

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

describe('the crop for link previews', () => {
  it('is named beside the set, is part of the set (made and deleted with it), and gets no set of its own', () => {
    const key = 'collection_images/ab12.jpg';
    expect(previewKey(key)).toBe('collection_images/ab12/preview-1200x630.jpg');
    expect(variantKeys(key)).toContain(previewKey(key));
    expect(variantKeys(key)).toContain('collection_images/ab12/1920w.jpg');
    // Storing the crop fires the bucket's notification: it must not be taken for a new picture.
    expect(hasPictureSet(previewKey(key))).toBe(false);
    expect(pictureSetKeyOf(`s3/${previewKey(key)}`)).toBeUndefined();
  });

  it('is served under /media for a public stored picture only', () => {
    expect(previewSrc('s3/collection_images/pieces/t-aurora-front.jpg')).toBe(
      '/media/collection_images/pieces/t-aurora-front/preview-1200x630.jpg',
    );
    expect(previewSrc('s3/authenticity/ab12.jpg')).toBeUndefined();
    expect(previewSrc('s3/collection_images/a.svg')).toBeUndefined();
    expect(previewSrc('https://cdn.example/a.jpg')).toBeUndefined();
  });

  it('has, beside it, the widest JPEG of the set for structured data', () => {
    expect(largestPictureSrc('s3/collection_images/ab12.png')).toBe(
      '/media/collection_images/ab12/1920w.jpg',
    );
    expect(largestPictureSrc('s3/collection_images/a.svg')).toBe('/media/collection_images/a.svg');
    expect(largestPictureSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(largestPictureSrc('s3/authenticity/ab12.jpg')).toBeUndefined();
  });
});
