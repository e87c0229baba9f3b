import type { Sharp } from 'sharp';
import {
  PICTURE_CONTENT_TYPES,
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  PREVIEW_CONTENT_TYPE,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
} from '#shared/media.ts';

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

/** The crop of a picture for link previews (shared/media.ts previewKey): always PREVIEW_WIDTH × PREVIEW_HEIGHT. */
export interface PreviewPicture {
  width: number;
  height: number;
  contentType: string;
  body: Buffer;
}

/** A picture's whole set: the ladder, and the crop for link previews. */
export interface PictureSet {
  variants: PictureVariant[];
  preview: PreviewPicture;
}

/** Pictures larger than this are refused before they are decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 100_000_000;

const ENCODERS: Record<PictureFormat, (picture: Sharp) => Sharp> = {
  avif: (picture) => picture.avif({ quality: 50, effort: 4 }),
  webp: (picture) => picture.webp({ quality: 75 }),
  // JPEG has no alpha: a transparent background becomes white, as on the shop's pages.
  jpg: (picture) => picture.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

type SharpModule = typeof import('sharp')['default'];

/** A picture decoded once, at the widest rung needed, into upright sRGB pixels without metadata. */
interface Decoded {
  sharp: SharpModule;
  data: Buffer;
  pixels: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
}

async function decode(input: Uint8Array): Promise<Decoded> {
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
  return {
    sharp,
    data,
    pixels: { raw: { width: info.width, height: info.height, channels: info.channels } },
  };
}

async function ladder({ sharp, data, pixels }: Decoded): Promise<PictureVariant[]> {
  const variants: PictureVariant[] = [];
  // A rung wider than the original holds the same pixels as the original's width: encoded once.
  const encodedAt = new Map<number, Omit<PictureVariant, 'rung'>[]>();
  for (const rung of PICTURE_WIDTHS) {
    const width = Math.min(rung, pixels.raw.width);
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

/**
 * The preview crop: the picture cut to 1200×630 where sharp's attention strategy finds the
 * subject (the region of most luminance frequency, saturation and skin tones), a portrait
 * piece's photograph giving its most telling band rather than its middle; enlarged when the
 * picture is smaller, so the size is always the one a page declares.
 */
async function previewOf({ sharp, data, pixels }: Decoded): Promise<PreviewPicture> {
  const cropped = sharp(data, pixels).resize({
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fit: 'cover',
    position: sharp.strategy.attention,
  });
  const { data: body, info } = await ENCODERS.jpg(cropped).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, contentType: PREVIEW_CONTENT_TYPE, body };
}

/**
 * Makes the responsive set of a picture: every width of PICTURE_WIDTHS in every format, the
 * EXIF orientation applied, and no metadata (EXIF, GPS, XMP, ICC) kept — sharp's encoders drop
 * it unless asked to keep it. A rung wider than the original holds the original's width.
 * Throws when sharp cannot read the input (not a picture, truncated, too many pixels).
 */
export async function makePictureVariants(input: Uint8Array): Promise<PictureVariant[]> {
  return ladder(await decode(input));
}

/** The ladder (makePictureVariants) and the preview crop of a picture, from one decoding. */
export async function makePictureSet(input: Uint8Array): Promise<PictureSet> {
  const decoded = await decode(input);
  const variants = await ladder(decoded);
  return { variants, preview: await previewOf(decoded) };
}
