import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { sizesByTypeContract } from '#shared/contracts/catalog.ts';
import { getCollectionWithSizes } from '../entities/collection.ts';
import { publicSize } from '../rules/public-views.ts';

/** GET /sizes-by-type?tid&gender: the sizes of a collection for a gender (unisex sizes included). */
export const handler = defineHandler(sizesByTypeContract, async ({ query }) => {
  const { type, sizes } = await getCollectionWithSizes(query.tid);
  if (!type) throw notFound('collection');
  const list = sizes.filter((s) => s.gender === query.gender || s.gender === 2 || query.gender === 2);
  return { status: 200 as const, list: list.map(publicSize) };
});
