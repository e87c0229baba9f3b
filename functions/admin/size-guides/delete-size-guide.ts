import { getGuide } from '#data/admin-sizes.ts';
import { deleteGuide } from '#data/admin-sizes-writes.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { notFound } from '#lib/http-error.ts';
import { guideRefQuery } from './guide-input.ts';
import { deleteUnusedPictures } from './guide-media.ts';

/** DELETE /size-guide?id&sizeId — deletes a guide entry and its uploaded pictures. */
export const handler = defineAdminHandler({ query: guideRefQuery }, async ({ query }, event) => {
  const guide = await getGuide(query.sizeId, query.id);
  if (!guide) throw notFound('size guide');
  await deleteGuide(guide, event.admin);
  await deleteUnusedPictures([guide.imageUrl, guide.largeImgUrl]);
  return { status: 200 };
});
