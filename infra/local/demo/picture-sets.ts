import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
} from '#shared/media.ts';
import { makePictureSet } from '../../../functions/media/adapters/picture-set.ts';
import { DEMO_PHOTO_DIR, photoHash } from './photos.ts';

/**
 * The demo photographs' responsive sets, made by the very function the server's picture-set
 * job uses (functions/media/adapters/picture-set.ts) and kept beside the photographs in the
 * cache, `variants/<hash>/`, with its crop for link previews (`preview.jpg`). The hash covers the photograph's bytes and the
 * pipeline: the adapter's source, the ladder of widths and formats, and the sharp build, so a
 * change to any of them makes the sets again.
 */

/** A rung of the ladder in one format, or the crop for link previews. */
export type CachedVariant =
  | { width: number; format: PictureFormat; file: string }
  | { preview: true; file: string };

const ADAPTER = resolve(import.meta.dirname, '../../../functions/media/adapters/picture-set.ts');

let pipeline: string | undefined;
function pipelineFingerprint(): string {
  pipeline ??= createHash('sha256')
    .update(readFileSync(ADAPTER))
    .update(
      JSON.stringify({
        PICTURE_WIDTHS,
        PICTURE_FORMATS,
        preview: [PREVIEW_WIDTH, PREVIEW_HEIGHT],
        sharp: sharp.versions,
      }),
    )
    .digest('hex');
  return pipeline;
}

export function variantsHash(original: Buffer): string {
  return createHash('sha256').update(pipelineFingerprint()).update(original).digest('hex').slice(0, 32);
}

const PREVIEW_FILE = 'preview.jpg';

const variantFiles = (dir: string): CachedVariant[] => [
  ...PICTURE_WIDTHS.flatMap((width) =>
    PICTURE_FORMATS.map((format) => ({ width, format, file: join(dir, `${width}w.${format}`) })),
  ),
  { preview: true, file: join(dir, PREVIEW_FILE) },
];

/** The set of a picture file, from the cache or made (and cached) now. */
export async function cachedVariants(originalFile: string, root = DEMO_PHOTO_DIR): Promise<CachedVariant[]> {
  const original = readFileSync(originalFile);
  const dir = join(root, 'variants', variantsHash(original));
  // A set's folder is renamed into place whole, so one that exists is complete.
  if (existsSync(dir)) return variantFiles(dir);
  const partial = `${dir}.${process.pid}.${Date.now()}.part`;
  mkdirSync(partial, { recursive: true });
  try {
    const set = await makePictureSet(original);
    for (const variant of set.variants) {
      writeFileSync(join(partial, `${variant.rung}w.${variant.format}`), variant.body);
    }
    writeFileSync(join(partial, PREVIEW_FILE), set.preview.body);
    if (existsSync(dir)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another stack of this checkout finished the same set first.
    if (!existsSync(dir)) throw error;
  }
  return variantFiles(dir);
}

export interface DemoPictureSet {
  original: string;
  variants: CachedVariant[];
}

/** Where the cache keeps the photograph of a composition. */
export const cachedPhoto = (composition: string, root: string) => join(root, `${photoHash(composition)}.jpg`);

/** Are the photograph of a composition and its set in the cache? */
export function isCached(composition: string, root: string): boolean {
  const original = cachedPhoto(composition, root);
  return existsSync(original) && existsSync(join(root, 'variants', variantsHash(readFileSync(original))));
}
