import type { Sharp } from 'sharp';
import { PICTURE_CONTENT_TYPES, PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from '#shared/media.ts';

/** One picture of a responsive set: a rung of the ladder in one format. */
export interface PictureVariant {
  /** The rung (the width the key names). */
  rung: number;
  /** The picture's real width: the rung's, or the original's when that is narrower. */
  width: number;
  height: number;
  format: PictureFormat;
  contentType: string;
  body: Buffer;
}

/** Pictures larger than this are refused before they are decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 100_000_000;

const ENCODERS: Record<PictureFormat, (picture: Sharp) => Sharp> = {
  avif: (picture) => picture.avif({ quality: 50, effort: 4 }),
  webp: (picture) => picture.webp({ quality: 75 }),
  // JPEG has no alpha: a transparent background becomes white, as on the shop's pages.
  jpg: (picture) => picture.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

/**
 * Makes the responsive set of a picture: every width of PICTURE_WIDTHS in every format, the
 * EXIF orientation applied, and no metadata (EXIF, GPS, XMP, ICC) kept — sharp's encoders drop
 * it unless asked to keep it. A rung wider than the original holds the original's width.
 * Throws when sharp cannot read the input (not a picture, truncated, too many pixels).
 */
export async function makePictureVariants(input: Uint8Array): Promise<PictureVariant[]> {
  // Loaded here, not at the top: sharp's native library is only needed once there is a picture,
  // and the function's asset carries the linux-arm64 build, which this x64 machine cannot load.
  const { default: sharp } = await import('sharp');
  // Decoded once, at the widest rung needed, into sRGB pixels; every rung is resized from those
  // pixels rather than decoding a camera-size original eighteen times.
  const widest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number;
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const variants: PictureVariant[] = [];
  // A rung wider than the original holds the same pixels as the original's width: encoded once.
  const encodedAt = new Map<number, Omit<PictureVariant, 'rung'>[]>();
  for (const rung of PICTURE_WIDTHS) {
    const width = Math.min(rung, info.width);
    let encoded = encodedAt.get(width);
    if (!encoded) {
      const resized = sharp(data, pixels).resize({ width });
      encoded = await Promise.all(
        PICTURE_FORMATS.map(async (format) => {
          const { data: body, info: out } = await ENCODERS[format](resized.clone()).toBuffer({
            resolveWithObject: true,
          });
          return {
            width: out.width,
            height: out.height,
            format,
            contentType: PICTURE_CONTENT_TYPES[format],
            body,
          };
        }),
      );
      encodedAt.set(width, encoded);
    }
    variants.push(...encoded.map((variant) => ({ rung, ...variant })));
  }
  return variants;
}
