import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getProductDetailsInfoContract } from '#shared/contracts/catalog.ts';
import { getCollection } from '../entities/collection.ts';
import { infoContent } from '../rules/info.ts';

/** GET /get-product-details-info?title&tid: a collection text shown from a product's details page (philanthropy, material, …). */
export const handler = defineHandler(getProductDetailsInfoContract, async ({ query }) => {
  const type = await getCollection(query.tid, ['id', query.title]);
  if (!type) throw notFound('collection');
  return { status: 200 as const, content: infoContent(type, query.title) };
});
