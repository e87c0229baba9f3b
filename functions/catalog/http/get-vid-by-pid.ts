import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getVidByPidContract } from '#shared/contracts/catalog.ts';
import { getProductCollection } from '../entities/product.ts';

/** GET /get-vid-by-pid?id: a product's videos, in order. */
export const handler = defineHandler(getVidByPidContract, async ({ query }) => {
  const { product, videos } = await getProductCollection(query.id);
  if (!product) throw notFound('product');
  const vids = [...videos].sort((a, b) => a.index - b.index).map((v) => ({ id: v.id, url: v.url }));
  return { status: 200 as const, vids };
});
