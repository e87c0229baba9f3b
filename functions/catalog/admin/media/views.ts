import { privateMediaLink, privatePictureSet } from '#platform/media-links.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import type { adminImageSchema } from '#shared/contracts/catalog-admin-media.ts';
import { mediaSrc } from '#shared/media.ts';
import type * as z from '#shared/zod.ts';
import type { ImageEntity } from '../../entities/image.ts';
import type { ProductVideoEntity } from '../../entities/video.ts';

/** A stored picture as the admin sees it: `src` is what an <img> loads. */
export type AdminImage = z.input<typeof adminImageSchema>;

/**
 * Authenticity photos (type 2) are never public: their `src` is a short-lived presigned link
 * (functions/lib/private-media.ts); every other picture is served under /media.
 */
export async function adminImage(image: ImageEntity): Promise<AdminImage> {
  const view = { id: image.id, url: image.url, type: image.type, index: image.index };
  if (image.type !== IMAGE_TYPE.authenticity) return { ...view, src: mediaSrc(image.url) };
  const [src, srcset] = await Promise.all([privateMediaLink(image.url), privatePictureSet(image.url)]);
  return { ...view, src, ...(srcset ? { srcset } : {}) };
}

export const adminImages = (images: ImageEntity[]) =>
  Promise.all([...images].sort((a, b) => a.index - b.index).map(adminImage));

export function adminVideo(video: ProductVideoEntity) {
  return { id: video.id, url: video.url, src: mediaSrc(video.url), index: video.index };
}
