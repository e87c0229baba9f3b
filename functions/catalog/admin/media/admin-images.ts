import { adminImagesContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { imagesOfType, ownerKindOf, ownerMedia } from '../../entities/image.ts';
import { ownerNotFound } from './inputs.ts';
import { adminImages } from './views.ts';

/**
 * GET /admin-images?id&type (added: the admin's picture lists) → { status: 200, imgs: [{ id,
 * url, src, type, index }] } in display order. Unlike the storefront's /get-imgs-by-pid it also
 * lists authenticity photos (type 2), whose `src` is a short-lived presigned link.
 */
export const handler = defineAdminHandler(adminImagesContract, async ({ query }) => {
  const kind = ownerKindOf(query.type);
  const media = await ownerMedia(kind, query.id);
  if (!media.owner) throw ownerNotFound(kind);
  return { status: 200 as const, imgs: await adminImages(imagesOfType(media, query.type)) };
});
