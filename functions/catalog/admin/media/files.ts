import { logger, safeError } from '#platform/logger.ts';
import { deleteMediaObject } from '#platform/uploads.ts';

/**
 * Deletes a media file once its item is gone. Nothing shows the file any more, so a failed
 * delete is logged rather than failing a change that is already made.
 */
export async function removeFile(url: string): Promise<void> {
  try {
    await deleteMediaObject(url);
  } catch (error) {
    logger.error('media file not deleted', { url, error: safeError(error) });
  }
}

export async function removeFiles(urls: string[]): Promise<void> {
  await Promise.all(urls.map(removeFile));
}
