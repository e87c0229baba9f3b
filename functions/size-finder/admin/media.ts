import { logger, safeError } from '#platform/logger.ts';
import { deleteMediaObject } from '#platform/uploads.ts';
import { UPLOAD_KINDS } from '#shared/admin.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';
import type { OptionEntity, StepEntity } from '../entities/size-finder.ts';

/** The stored picture and video urls of some steps and options. */
export function mediaOf(steps: StepEntity[], options: OptionEntity[]): string[] {
  return [...steps.flatMap((s) => [s.imageUrl, s.videoUrl]), ...options.map((o) => o.imageUrl)].filter(
    (url): url is string => typeof url === 'string' && url !== '',
  );
}

const prefixes = Object.values(UPLOAD_KINDS).map((k) => `${S3_URL_PREFIX}${k.prefix}`);
const uploadedName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;

/**
 * Deletes files nothing refers to any more. Only files made by an admin upload (a key the
 * server made, used by one item) are deleted: other stored files, such as the demo
 * catalogue's, may be shared between items. The change is already saved, so a file that
 * cannot be deleted is logged, not reported as a failure of the change.
 */
export async function deleteUploadedMedia(urls: (string | undefined)[]): Promise<void> {
  const own = urls.filter(
    (url): url is string =>
      typeof url === 'string' &&
      prefixes.some((p) => url.startsWith(p) && uploadedName.test(url.slice(p.length))),
  );
  await Promise.all(
    own.map((url) =>
      deleteMediaObject(url).catch((error: unknown) =>
        logger.warn('an unused media file was not deleted', { url, error: safeError(error) }),
      ),
    ),
  );
}
