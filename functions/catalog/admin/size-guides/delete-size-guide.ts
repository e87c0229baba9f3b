import { notFound } from '#platform/http-error.ts';
import { deleteSizeGuideContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteGuide, getGuide } from '../../entities/size.ts';
import { deleteUnusedPictures } from './guide-media.ts';

/** DELETE /size-guide?id&sizeId — deletes a guide entry and its uploaded pictures. */
export const handler = defineAdminHandler(deleteSizeGuideContract, async ({ query }, event) => {
  const guide = await getGuide(query.sizeId, query.id);
  if (!guide) throw notFound('size guide');
  await deleteGuide(guide, event.admin);
  await deleteUnusedPictures([guide.imageUrl, guide.largeImgUrl]);
  return { status: 200 as const };
});
