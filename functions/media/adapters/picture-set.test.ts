import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_FORMATS, PICTURE_WIDTHS, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '#shared/media.ts';
import { makePictureSet, makePictureVariants, type PictureVariant } from './picture-set.ts';

/**
 * A camera-size photograph, the same every run: a gradient with some texture and sensor-like
 * noise from a fixed-seed generator, saved as a high-quality JPEG as a camera would.
 */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const noise = ((seed >>> 24) % 24) - 12;
      const texture = 40 * Math.sin(x / 90) * Math.cos(y / 130);
      const i = (y * width + x) * 3;
      pixels[i] = 60 + (x * 120) / width + texture + noise;
      pixels[i + 1] = 50 + (y * 100) / height - texture + noise;
      pixels[i + 2] = 90 + texture + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const FORMAT_OF = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;

describe('a camera-size photograph', () => {
  let original: Buffer;
  let set: PictureVariant[];

  beforeAll(async () => {
    original = await cameraJpeg(3000, 4000);
    const started = performance.now();
    set = await makePictureVariants(original);
    const seconds = (performance.now() - started) / 1000;
    // A figure for the record (docs), not a pass/fail: the machine is shared and busy.
    console.info(
      `picture set of a 3000×4000 JPEG (${(original.length / 1e6).toFixed(1)} MB): ${seconds.toFixed(1)} s, ` +
        `${set.length} variants, ${(set.reduce((sum, v) => sum + v.body.length, 0) / 1e3).toFixed(0)} KB`,
    );
  }, 300_000);

  it('gets every rung of the ladder in AVIF, WebP and JPEG, each far smaller than the original', () => {
    expect(set.map((v) => `${v.rung}.${v.format}`).sort()).toEqual(
      PICTURE_WIDTHS.flatMap((w) => PICTURE_FORMATS.map((f) => `${w}.${f}`)).sort(),
    );
    for (const variant of set) expect(variant.body.length).toBeLessThan(original.length / 4);
  });

  it('is as wide as each rung, in proportion, and really in the format its key names', async () => {
    for (const variant of set) {
      const meta = await sharp(variant.body).metadata();
      expect(meta.format, `${variant.rung}.${variant.format}`).toBe(FORMAT_OF[variant.format]);
      expect([meta.width, variant.width]).toEqual([variant.rung, variant.rung]);
      expect(meta.height).toBe(Math.round((variant.rung * 4000) / 3000));
      if (variant.format === 'avif') expect(meta.compression).toBe('av1');
      expect(variant.contentType).toBe(
        { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[variant.format],
      );
    }
  });
});

describe('a small picture', () => {
  it('is never enlarged: every rung wider than it holds its own width', async () => {
    const small = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#7a1f2b' } })
      .png()
      .toBuffer();
    const set = await makePictureVariants(small);
    expect(set).toHaveLength(PICTURE_WIDTHS.length * PICTURE_FORMATS.length);
    for (const variant of set) {
      const meta = await sharp(variant.body).metadata();
      expect([variant.rung, meta.width, meta.height]).toEqual([
        variant.rung,
        Math.min(variant.rung, 500),
        Math.min(variant.rung, 500) / 2,
      ]);
    }
  });

  it('keeps transparency in AVIF and WebP, and is put on white in JPEG', async () => {
    const clear = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const set = await makePictureVariants(clear);
    const at = (format: string) => set.find((v) => v.rung === 320 && v.format === format) as PictureVariant;
    expect((await sharp(at('webp').body).metadata()).hasAlpha).toBe(true);
    expect((await sharp(at('avif').body).metadata()).hasAlpha).toBe(true);
    const { data } = await sharp(at('jpg').body).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });
});

describe('a phone photograph turned on its side', () => {
  it('comes out upright, with no EXIF, GPS, XMP or colour profile left', async () => {
    // Stored 1200×800 with orientation 6 (shown turned 90° clockwise: 800×1200), left half red.
    const left = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const stored = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Phone', Model: 'X' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
      })
      .toBuffer();
    const before = await sharp(stored).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([1200, 800, 6]);
    expect(before.exif?.toString('latin1')).toContain('Phone');

    const set = await makePictureVariants(stored);
    for (const variant of set) {
      const meta = await sharp(variant.body).metadata();
      const width = Math.min(variant.rung, 800);
      expect([meta.width, meta.height]).toEqual([width, width * 1.5]);
      expect(meta.exif, `${variant.rung}.${variant.format}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Turned clockwise, the stored left half is now the top half.
    const jpeg = set.find((v) => v.rung === 320 && v.format === 'jpg') as PictureVariant;
    const { data, info } = await sharp(jpeg.body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(160, 40)[0]).toBeGreaterThan(200);
    expect(pixel(160, info.height - 40)[2]).toBeGreaterThan(200);
  });
});

describe('the crop for link previews', () => {
  /** A tall photograph: a plain grey wall, and the piece (saturated, textured) in its upper part. */
  async function pieceHighUp(): Promise<Buffer> {
    const piece = await sharp({ create: { width: 500, height: 420, channels: 3, background: '#c0102a' } })
      .composite([
        {
          input: await sharp({ create: { width: 60, height: 420, channels: 3, background: '#f5d000' } })
            .png()
            .toBuffer(),
          left: 220,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    return sharp({ create: { width: 900, height: 1600, channels: 3, background: '#8a8a8a' } })
      .composite([{ input: piece, left: 200, top: 120 }])
      .jpeg({ quality: 92 })
      .toBuffer();
  }

  it('is a 1200×630 JPEG cut where the piece is, not the middle of the picture; the ladder is unchanged', async () => {
    const original = await pieceHighUp();
    const { variants, preview } = await makePictureSet(original);
    expect(variants.map((v) => `${v.rung}.${v.format}`)).toEqual(
      (await makePictureVariants(original)).map((v) => `${v.rung}.${v.format}`),
    );
    const meta = await sharp(preview.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    expect([preview.width, preview.height, preview.contentType]).toEqual([
      PREVIEW_WIDTH,
      PREVIEW_HEIGHT,
      'image/jpeg',
    ]);
    expect(meta.exif).toBeUndefined();
    // The red of the piece fills much of the crop; the middle of the picture is bare wall.
    const redShare = async (picture: Buffer) => {
      const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
      let red = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if ((data[i] as number) > 150 && (data[i + 1] as number) < 80) red++;
      }
      return red / (info.width * info.height);
    };
    const middle = await sharp(original)
      .resize({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fit: 'cover', position: 'centre' })
      .jpeg()
      .toBuffer();
    expect(await redShare(middle)).toBeLessThan(0.02);
    expect(await redShare(preview.body)).toBeGreaterThan(0.15);
  });

  it('is enlarged from a picture smaller than itself, so its size is always the one pages declare', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const { preview } = await makePictureSet(small);
    const { data, info } = await sharp(preview.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    // JPEG has no alpha: on white, as the ladder's JPEGs.
    expect(data.reduce((min, value) => Math.min(min, value), 255)).toBeGreaterThan(245);
  });
});

describe('what is not a picture', () => {
  it('is refused by the decoder: garbage after JPEG magic bytes, and too many pixels', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    await expect(makePictureVariants(garbage)).rejects.toThrow();
    // A PNG whose header claims 20000×20000 (400 megapixels): refused before decoding.
    const huge = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    await expect(makePictureVariants(huge)).rejects.toThrow(/pixel limit|exceeds/i);
  });
});
