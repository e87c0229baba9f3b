import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getTypeContract } from '#shared/contracts/catalog.ts';
import { getCollection } from '../entities/collection.ts';
import { publicCollection } from '../rules/public-views.ts';

/** GET /type?id: one collection as a shopper sees it. */
export const handler = defineHandler(getTypeContract, async ({ query }) => {
  const type = await getCollection(query.id);
  if (!type) throw notFound('collection');
  return { status: 200 as const, type: publicCollection(type) };
});
