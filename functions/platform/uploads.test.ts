import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  endsLikeJpeg,
  isIssuedUpload,
  looksLike,
  pictureHeaderSize,
  sensiblePictureSize,
} from '#platform/uploads.ts';

describe('uploads', () => {
  it('deletes only files an admin upload made (demo and imported media are shared)', () => {
    expect(isIssuedUpload('s3/videos/0f8fad5b-d9cb-469f-a165-70867728950e.mp4')).toBe(true);
    expect(isIssuedUpload('s3/collection_images/0f8fad5b-d9cb-469f-a165-70867728950e.png')).toBe(true);
    expect(isIssuedUpload('s3/videos/pillar-joy.mp4')).toBe(false);
    expect(isIssuedUpload('s3/authenticity/p-aurora-08-1.svg')).toBe(false);
    expect(isIssuedUpload('https://example.com/0f8fad5b-d9cb-469f-a165-70867728950e.png')).toBe(false);
  });

  it('knows a file type by its first bytes', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b);
    const text = (t: string) => new TextEncoder().encode(t);
    expect(looksLike('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(looksLike('image/png', text('<svg onload=alert(1)>'))).toBe(false);
    expect(looksLike('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(looksLike('image/webp', text('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(looksLike('video/mp4', text('\0\0\0\x18ftypmp42'))).toBe(true);
    expect(looksLike('video/mp4', text('\0\0\0\x14ftypqt  '))).toBe(false);
    expect(looksLike('image/svg+xml', text('<svg/>'))).toBe(false);
  });

  it('reads a picture’s size from its header, and only as the type it was declared', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    expect(await pictureHeaderSize('image/jpeg', jpeg)).toEqual({ width: 300, height: 200 });
    expect(await pictureHeaderSize('image/png', jpeg)).toBeUndefined();
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x5a)]);
    expect(await pictureHeaderSize('image/jpeg', garbage)).toBeUndefined();
    // A header cut before the frame's size is not a size.
    expect(await pictureHeaderSize('image/jpeg', jpeg.subarray(0, 20))).toBeUndefined();
  });

  it('refuses absurd sizes and a JPEG without its end marker', () => {
    expect(sensiblePictureSize({ width: 4000, height: 3000 })).toBe(true);
    expect(sensiblePictureSize({ width: 10_000, height: 10_000 })).toBe(true);
    expect(sensiblePictureSize({ width: 10_001, height: 10_000 })).toBe(false);
    expect(sensiblePictureSize({ width: 0, height: 3000 })).toBe(false);
    expect(sensiblePictureSize(undefined)).toBe(false);
    expect(endsLikeJpeg(Uint8Array.from([0xff, 0xd9]))).toBe(true);
    expect(endsLikeJpeg(Uint8Array.from([0x12, 0x34]))).toBe(false);
    expect(endsLikeJpeg(Uint8Array.from([0xd9]))).toBe(false);
  });
});
