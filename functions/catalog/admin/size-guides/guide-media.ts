import { logger } from '#platform/logger.ts';
import { deleteMediaObject } from '#platform/uploads.ts';
import { UPLOAD_KINDS } from '#shared/admin.ts';

/**
 * Only a file this server issued for an upload (`s3/collection_images/<uuid>.<ext>`) belongs to
 * one guide entry: its ticket is consumed by the one write that refers to it. Other stored
 * pictures (the demo catalogue's drawings, shared by many entries) are never deleted from here.
 */
const OWN_UPLOAD = new RegExp(
  `^s3/${UPLOAD_KINDS.image.prefix}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z]+$`,
);

export function isOwnUpload(url: string | undefined): url is string {
  return url !== undefined && OWN_UPLOAD.test(url);
}

/**
 * Removes pictures nothing refers to any more, after the write that let go of them succeeded.
 * A failure here leaves a stray file, never a broken page, so it is logged and not thrown.
 */
export async function deleteUnusedPictures(urls: (string | undefined)[]): Promise<void> {
  await Promise.all(
    urls
      .filter(isOwnUpload)
      .map((url) =>
        deleteMediaObject(url).catch((error: unknown) =>
          logger.warn('could not delete a picture', { url, error: String(error) }),
        ),
      ),
  );
}
