import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketOf, s3 } from '#platform/media-clients.ts';
import {
  hasPictureSet,
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  S3_URL_PREFIX,
  type SignedPictureSet,
  variantKey,
} from '#shared/media.ts';

/**
 * Authenticity photos are never public: the portal hands its owner short-lived presigned
 * links to them instead, from the private media bucket (signed with the function's own read-only
 * grant on it).
 */
export const PRIVATE_LINK_SECONDS = 15 * 60;

export async function privateMediaLink(url: string): Promise<string> {
  if (!url.startsWith(S3_URL_PREFIX)) return url;
  const key = url.slice(S3_URL_PREFIX.length);
  const command = new GetObjectCommand({ Bucket: bucketOf(key), Key: key });
  return getSignedUrl(s3(), command, { expiresIn: PRIVATE_LINK_SECONDS });
}

/**
 * A private picture's responsive set (functions/media/) as short-lived signed links: one
 * `srcset` per format, every rung signed. Undefined for a file that gets no set. A set not yet
 * made answers 404 and the browser falls back to the signed original.
 */
export async function privatePictureSet(url: string): Promise<SignedPictureSet | undefined> {
  if (!url.startsWith(S3_URL_PREFIX)) return undefined;
  const key = url.slice(S3_URL_PREFIX.length);
  if (!hasPictureSet(key)) return undefined;
  const sets = await Promise.all(
    PICTURE_FORMATS.map(async (format) => {
      const links = await Promise.all(
        PICTURE_WIDTHS.map(
          async (width) =>
            `${await privateMediaLink(`${S3_URL_PREFIX}${variantKey(key, width, format)}`)} ${width}w`,
        ),
      );
      return [format, links.join(', ')] as const;
    }),
  );
  return Object.fromEntries(sets) as SignedPictureSet;
}
