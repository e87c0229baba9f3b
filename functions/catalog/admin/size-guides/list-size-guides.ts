import { notFound } from '#platform/http-error.ts';
import { listSizeGuidesContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { getCollection } from '../../entities/collection.ts';
import { getSizeAndGuides } from '../../entities/size.ts';

/**
 * GET /size-guides?sizeId&offset&pageSize — the guide entries of a size in index order, a page
 * at a time, with the size itself (and its collection's name) for the page's heading.
 */
export const handler = defineAdminHandler(listSizeGuidesContract, async ({ query }) => {
  const { size, guides } = await getSizeAndGuides(query.sizeId);
  if (!size) throw notFound('size');
  const type = await getCollection(size.typeId, ['name']);
  return {
    status: 200 as const,
    size: { ...size, typeName: type?.name },
    ...pageOf(guides, query.offset, query.pageSize),
  };
});
