import { MEDIA_PREFIX } from '#shared/constants.ts';

/**
 * Image and video addresses as stored: a url starting with `s3/` lives in the media bucket
 * (000 §3: "A url starting with s3 lives in object storage"); anything else is used as given.
 */
export const S3_URL_PREFIX = 's3/';

/** Keys under this prefix are private: stored in, and read from, the private bucket. */
export const PRIVATE_MEDIA_PREFIX = 'authenticity/';

export function s3Url(key: string): string {
  return `${S3_URL_PREFIX}${key}`;
}

/** The address a browser loads for a stored url. */
export function mediaSrc(url: string): string {
  return url.startsWith(S3_URL_PREFIX) ? `${MEDIA_PREFIX}/${url.slice(S3_URL_PREFIX.length)}` : url;
}

/** The first url of a stored picture list (a JSON array of urls, as collections keep them), if any. */
export function firstStoredPicture(list: string | undefined): string | undefined {
  if (!list || list === 'undefined') return undefined;
  try {
    const urls = JSON.parse(list) as unknown;
    return Array.isArray(urls) && typeof urls[0] === 'string' ? urls[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A stored picture as a mail shows it: an absolute address on the shop (`shopUrl`) of its 960 px
 * JPEG (or of the file itself when it has no set); an outside https address as is; else none.
 */
export function mailPictureLink(url: string, shopUrl: string): string | undefined {
  if (url.startsWith(S3_URL_PREFIX)) {
    const key = url.slice(S3_URL_PREFIX.length);
    const path = hasPictureSet(key) ? `${MEDIA_PREFIX}/${variantKey(key, 960, 'jpg')}` : mediaSrc(url);
    return `${shopUrl}${path}`;
  }
  return url.startsWith('https://') ? url : undefined;
}

/**
 * Pictures are served as a responsive set made when they are stored (functions/media/): each
 * width of this ladder in AVIF, WebP and JPEG, EXIF orientation applied and metadata stripped.
 * A rung wider than the original holds the original's width (never enlarged), so every rung
 * exists and a page can list them all without knowing the original's size.
 */
export const PICTURE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export const PICTURE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];
export const PICTURE_CONTENT_TYPES: Record<PictureFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

const RASTER_PICTURE = /\.(jpe?g|png|webp|gif)$/i;

/** Is this stored key a picture that gets a responsive set (a raster image, not a variant itself)? */
export function hasPictureSet(key: string): boolean {
  return RASTER_PICTURE.test(key) && !VARIANT_KEY.test(key);
}

/**
 * A stored picture's key as the server makes them (`collection_images/<uuid>.jpg`) or the demo
 * catalogue stores them (`collection_images/pieces/<name>.jpg`): plain path segments (none starts
 * with a dot, so no `..`), a raster extension, under one of the two prefixes whose pictures get a
 * set (the buckets' notifications: infra/constructs/picture-sets.ts, infra/local/picture-sets.ts).
 */
const STORED_PICTURE_KEY =
  /^(?:collection_images|authenticity)\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:jpe?g|png|webp|gif)$/i;

/**
 * The bucket key of a stored url whose picture gets a responsive set (`s3/collection_images/ab12.jpg`
 * → `collection_images/ab12.jpg`, an authenticity photo's too), or undefined: an outside address,
 * an SVG, a video, a variant itself, a key under another prefix or with odd segments.
 */
export function pictureSetKeyOf(url: string): string | undefined {
  if (!url.startsWith(S3_URL_PREFIX) || url.length > 300) return undefined;
  const key = url.slice(S3_URL_PREFIX.length);
  return STORED_PICTURE_KEY.test(key) && hasPictureSet(key) ? key : undefined;
}

/** `collection_images/ab12.jpg` → `collection_images/ab12/640w.avif` */
export function variantKey(key: string, width: number, format: PictureFormat): string {
  return `${key.replace(RASTER_PICTURE, '')}/${width}w.${format}`;
}

/**
 * Beside the ladder, each picture gets one crop for link previews (Open Graph, Twitter cards):
 * 1200×630 (the 1.91:1 card every network shows), a JPEG every crawler reads, cut where sharp's
 * attention strategy finds the subject. Always exactly this size (a smaller original is enlarged),
 * so a page can declare its width and height without knowing the original.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const PREVIEW_CONTENT_TYPE = 'image/jpeg';
const PREVIEW_FILE = `preview-${PREVIEW_WIDTH}x${PREVIEW_HEIGHT}.jpg`;

/** `collection_images/ab12.jpg` → `collection_images/ab12/preview-1200x630.jpg` */
export function previewKey(key: string): string {
  return `${key.replace(RASTER_PICTURE, '')}/${PREVIEW_FILE}`;
}

const VARIANT_KEY = /\/(\d+w\.(avif|webp|jpg)|preview-\d+x\d+\.jpg)$/;

/** Every variant key of a picture (the ladder, then the preview crop), for making and for deleting them. */
export function variantKeys(key: string): string[] {
  return [
    ...PICTURE_WIDTHS.flatMap((width) => PICTURE_FORMATS.map((format) => variantKey(key, width, format))),
    previewKey(key),
  ];
}

/**
 * The address a browser (or a link-preview crawler) loads for the preview crop of a stored url:
 * under MEDIA_PREFIX, on the shop's origin; undefined for a url that has no set (an outside
 * address, an SVG, a video) or a private picture, which is never served publicly.
 */
export function previewSrc(url: string): string | undefined {
  if (!url.startsWith(S3_URL_PREFIX)) return undefined;
  const key = url.slice(S3_URL_PREFIX.length);
  if (!hasPictureSet(key) || key.startsWith(PRIVATE_MEDIA_PREFIX)) return undefined;
  return mediaSrc(s3Url(previewKey(key)));
}

/**
 * The address of a stored picture at its widest rung as a JPEG (what structured data names: a
 * large picture any reader decodes), or of the file itself when it has no set; undefined for a
 * private picture.
 */
export function largestPictureSrc(url: string): string | undefined {
  if (!url.startsWith(S3_URL_PREFIX)) return url;
  const key = url.slice(S3_URL_PREFIX.length);
  if (key.startsWith(PRIVATE_MEDIA_PREFIX)) return undefined;
  if (!hasPictureSet(key)) return mediaSrc(url);
  return mediaSrc(s3Url(variantKey(key, PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number, 'jpg')));
}

/** A browser `srcset` of one format for a stored url, or undefined for a url without a set. */
export function mediaSrcSet(url: string, format: PictureFormat): string | undefined {
  if (!url.startsWith(S3_URL_PREFIX)) return undefined;
  const key = url.slice(S3_URL_PREFIX.length);
  // Private pictures are reached only through signed links, never through /media.
  if (!hasPictureSet(key) || key.startsWith(PRIVATE_MEDIA_PREFIX)) return undefined;
  return PICTURE_WIDTHS.map((width) => `${mediaSrc(s3Url(variantKey(key, width, format)))} ${width}w`).join(
    ', ',
  );
}

/** A private picture's set as the browser loads it: one `srcset` per format, of signed links. */
export type SignedPictureSet = Record<PictureFormat, string>;
