import { notFound } from '#platform/http-error.ts';
import { deleteGuideImageContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getGuide, setGuideImage } from '../../entities/size.ts';
import { deleteUnusedPictures } from './guide-media.ts';

/** DELETE /sg-img?id&sizeId&type — removes one picture of a guide entry (and its file). */
export const handler = defineAdminHandler(deleteGuideImageContract, async ({ query }, event) => {
  const before = await getGuide(query.sizeId, query.id);
  if (!before) throw notFound('size guide');
  const old = before[query.type];
  if (!old) throw notFound('picture');
  await setGuideImage(before, query.type, undefined, [], event.admin);
  await deleteUnusedPictures([old]);
  const { [query.type]: _removed, ...guide } = before;
  return { status: 200 as const, guide };
});
