import { MAX_INPUT_PIXELS } from '#shared/constants.ts';

/**
 * The copy of an authenticity photograph a certificate names and the shop publishes (docs/passport.md,
 * The certificate): at most PASSPORT_PHOTO_SIDE pixels on its long side, EXIF orientation applied,
 * JPEG, and no metadata at all — a camera's original carries the place it was taken (GPS), the
 * camera's serial and more, none of which belongs on a public page; and a camera-size original
 * (3–10 MB) is too much for a phone to download and hash before the /verify page's verdict. The
 * stored original stays private, shown to the owner alone (the portal).
 */
export const PASSPORT_PHOTO_SIDE = 1200;

/** A photograph that is not a picture sharp can read: issuing refuses it (409), nothing written. */
export class UnreadablePhotograph extends Error {}

export async function passportRendition(original: Uint8Array): Promise<Uint8Array> {
  // Loaded here: only issuing needs sharp's native library (its Lambda carries the linux-arm64 build).
  const { default: sharp } = await import('sharp');
  try {
    const jpeg = await sharp(original, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: PASSPORT_PHOTO_SIDE,
        height: PASSPORT_PHOTO_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      // JPEG has no alpha: a transparent background becomes white, as on the shop's pages.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch (error) {
    throw new UnreadablePhotograph((error as Error).message);
  }
}
