import sharp from 'sharp';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from '#shared/media.ts';

export interface PictureVariant {
  width: number;
  format: PictureFormat;
  body: Buffer;
}

/**
 * A picture's responsive set (shared/media.ts): every width of the ladder in every format, the
 * EXIF orientation applied and every metadata stripped (sharp keeps none unless asked). A rung
 * wider than the original holds the original's width: never enlarged, but always there.
 */
export async function makeVariants(input: Buffer): Promise<PictureVariant[]> {
  const variants: PictureVariant[] = [];
  for (const width of PICTURE_WIDTHS) {
    const resized = sharp(input).rotate().resize({ width, withoutEnlargement: true });
    for (const format of PICTURE_FORMATS) {
      const encoded =
        format === 'avif'
          ? resized.clone().avif({ quality: 50, effort: 4 })
          : format === 'webp'
            ? resized.clone().webp({ quality: 75 })
            : resized.clone().jpeg({ quality: 80, mozjpeg: true });
      variants.push({ width, format, body: await encoded.toBuffer() });
    }
  }
  return variants;
}
