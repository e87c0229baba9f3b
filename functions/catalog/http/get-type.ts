import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getTypeContract } from '#shared/contracts/catalog.ts';
import { getType } from '../entities/collection.ts';
import { publicType } from '../rules/public-views.ts';

/** GET /type?id: one collection as a shopper sees it. */
export const handler = defineHandler(getTypeContract, async ({ query }) => {
  const type = await getType(query.id);
  if (!type) throw notFound('collection');
  return { status: 200 as const, type: publicType(type) };
});
