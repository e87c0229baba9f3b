import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { httpError } from '#platform/http-error.ts';
import { bucketOf, mediaBucket, s3 } from '#platform/media-clients.ts';
import { sha256, toHex } from '#shared/passport/bytes.ts';
import { passportRendition, UnreadablePhotograph } from './photo-rendition.ts';

/** Where the photographs a certificate names are published (CloudFront's /passport/photos/…). */
export const PASSPORT_PHOTOS_PREFIX = 'passport/photos/';

/** A photograph the piece's record names whose upload has not arrived yet: nothing is issued. */
export const PHOTO_NOT_STORED =
  'a photograph of this piece is still being stored. please try again in a minute.';

/** A photograph the piece's record names that is not a picture: nothing is issued until it is replaced. */
export const PHOTO_NOT_A_PICTURE =
  'an authenticity photograph of this piece is not a picture the shop can read. please replace it.';

/**
 * An authenticity photograph as its certificate names it (docs/passport.md, The certificate):
 * the stored original (the private media bucket's) made into its passport copy
 * (./photo-rendition.ts: at most 1200 px, no metadata), hashed, and published in the public
 * bucket under the piece and its own hash, so the verify page can fetch it and check it against
 * the certificate (a copy named by its content never changes; a re-issue adds one). The
 * photographs show the piece, never a person. 409 for an original that is not a picture.
 */
export async function publishedPhotograph(
  pid: string,
  key: string,
): Promise<{ sha256: string; path: string }> {
  const answer = await s3()
    .send(new GetObjectCommand({ Bucket: bucketOf(key), Key: key }))
    .catch((error: unknown) => {
      if ((error as { name?: string }).name === 'NoSuchKey') throw httpError(409, PHOTO_NOT_STORED);
      throw error;
    });
  if (!answer.Body) throw new Error(`the media object ${key} has no body`);
  const original = await answer.Body.transformToByteArray();
  const bytes = await passportRendition(original).catch((error: unknown) => {
    if (error instanceof UnreadablePhotograph) throw httpError(409, PHOTO_NOT_A_PICTURE);
    throw error;
  });
  const hash = toHex(await sha256(bytes));
  const published = `${PASSPORT_PHOTOS_PREFIX}${pid}/${hash}.jpg`;
  await s3().send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: published,
      Body: bytes,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  return { sha256: hash, path: `/${published}` };
}
