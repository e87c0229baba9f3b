import { httpError, notFound } from '#platform/http-error.ts';
import { deleteSizeContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteSize, getSizeAndGuides, productsUsingSize } from '../../entities/size.ts';
import { deleteUnusedPictures } from '../size-guides/guide-media.ts';

/**
 * DELETE /sizes?id — deletes a size with its guide entries and their uploaded pictures. A size
 * that products still use is refused (409) with their names, so staff know what to change.
 */
export const handler = defineAdminHandler(deleteSizeContract, async ({ query }, event) => {
  const { size, guides } = await getSizeAndGuides(query.id);
  if (!size) throw notFound('size');
  const products = await productsUsingSize(size.id);
  if (products.length > 0) {
    const names = products.slice(0, 3).map((p) => `"${p.name}"`);
    const more = products.length > 3 ? ` and ${products.length - 3} more` : '';
    throw httpError(
      409,
      `size ${size.name} cannot be deleted: ${products.length} product(s) still use it (${names.join(', ')}${more}). change their size or delete them first.`,
    );
  }
  await deleteSize(size, guides, event.admin);
  await deleteUnusedPictures(guides.flatMap((g) => [g.imageUrl, g.largeImgUrl]));
  return { status: 200 as const };
});
