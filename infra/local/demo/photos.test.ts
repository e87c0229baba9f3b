import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PICTURE_FORMATS, PICTURE_WIDTHS, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '#shared/media.ts';
import { authenticitySvg, productSvg } from './images.ts';
import { demoPhotoFile, PHOTO, photoHash, photoSize, renderPhoto } from './photos.ts';

// A camera-size picture takes seconds to render, more on a busy machine.
const SLOW = { timeout: 180_000 };

import { cachedVariants } from './picture-sets.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gown = productSvg({
  kind: 'gown',
  colors: ['black', 'white'],
  areas: ['bodice', 'skirt'],
  name: 'Aurora',
  view: 1,
});
const watch = productSvg({
  kind: 'watch',
  colors: ['yellow', 'blue', 'brown'],
  areas: ['case', 'dial', 'strap'],
  name: 'Méridien',
  view: 2,
});

describe('the size of a demo photograph', () => {
  it('is camera size, but 1200×1600 for an authenticity close-up (one a piece: made quickly)', () => {
    expect(photoSize(gown)).toEqual({ width: PHOTO.width, height: PHOTO.height });
    const closeUp = authenticitySvg({
      kind: 'gown',
      colors: ['black', 'white'],
      name: 'Aurora No. 08',
      cardNumber: '4000123412341234',
      view: 2,
    });
    expect(photoSize(closeUp)).toEqual({ width: 1200, height: 1600 });
  });
});

describe('demo photographs', SLOW, () => {
  it('are camera-size JPEGs that weigh what a photograph weighs, the same each time', async () => {
    const [first, again, other] = await Promise.all([
      renderPhoto(gown),
      renderPhoto(gown),
      renderPhoto(watch),
    ]);
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PHOTO.width, PHOTO.height]);
    expect(first.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(first.length).toBeLessThan(5 * 1024 * 1024);
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  it('have grain, not flat colour: neighbouring pixels of the backdrop differ', async () => {
    const corner = await sharp(await renderPhoto(watch))
      .extract({ left: 40, top: 40, width: 64, height: 64 })
      .greyscale()
      .raw()
      .toBuffer();
    expect(new Set(corner).size).toBeGreaterThan(8);
  });

  it('are made once and then read from the cache, named by the composition', async () => {
    const file = await demoPhotoFile(gown, dir);
    expect(file).toBe(join(dir, `${photoHash(gown)}.jpg`));
    const made = statSync(file).mtimeMs;
    expect(await demoPhotoFile(gown, dir)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(made);
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(photoHash(watch)).not.toBe(photoHash(gown));
  });
});

describe('demo picture sets', SLOW, () => {
  it('are the picture-set adapter’s variants, never enlarged, made once and then read from the cache', async () => {
    const original = join(dir, 'small.jpg');
    const small = await sharp({ create: { width: 700, height: 900, channels: 3, background: '#8e1f2a' } })
      .jpeg()
      .toBuffer();
    writeFileSync(original, small);
    const variants = await cachedVariants(original, dir);
    const ladder = variants.flatMap((v) => ('preview' in v ? [] : [v]));
    expect(ladder.map((v) => `${v.width}w.${v.format}`)).toEqual(
      PICTURE_WIDTHS.flatMap((w) => PICTURE_FORMATS.map((f) => `${w}w.${f}`)),
    );
    for (const v of ladder) {
      const meta = await sharp(readFileSync(v.file)).metadata();
      expect(meta.width, v.file).toBe(Math.min(v.width, 700));
      expect(meta.format).toBe(v.format === 'jpg' ? 'jpeg' : v.format === 'avif' ? 'heif' : 'webp');
    }
    // And the crop for link previews, at the size pages declare (enlarged from this small one).
    const previews = variants.filter((v) => 'preview' in v);
    expect(previews).toHaveLength(1);
    const preview = await sharp(readFileSync(previews[0]?.file ?? '')).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    const made = variants.map((v) => statSync(v.file).mtimeMs);
    const again = await cachedVariants(original, dir);
    expect(again).toEqual(variants);
    expect(again.map((v) => statSync(v.file).mtimeMs)).toEqual(made);
  });
});
