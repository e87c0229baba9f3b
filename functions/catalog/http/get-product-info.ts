import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getProductInfoContract } from '#shared/contracts/catalog.ts';
import { getCollection } from '../entities/collection.ts';
import { infoContent } from '../rules/info.ts';

/** GET /get-product-info?title&tid: a collection text shown on the collection landing (e.g. dimensionBefore, unisexPrice). */
export const handler = defineHandler(getProductInfoContract, async ({ query }) => {
  const type = await getCollection(query.tid, ['id', query.title]);
  if (!type) throw notFound('collection');
  return { status: 200 as const, content: infoContent(type, query.title) };
});
