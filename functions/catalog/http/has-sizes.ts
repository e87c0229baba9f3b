import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { hasSizesContract } from '#shared/contracts/catalog.ts';
import { getCollectionWithSizes } from '../entities/collection.ts';
import { publicSize } from '../rules/public-views.ts';

/** GET /has-sizes?id: whether a collection is sold in sizes, and which. */
export const handler = defineHandler(hasSizesContract, async ({ query }) => {
  const { type, sizes } = await getCollectionWithSizes(query.id);
  if (!type) throw notFound('collection');
  return { status: 200 as const, hasSizes: sizes.length > 0, sizes: sizes.map(publicSize) };
});
