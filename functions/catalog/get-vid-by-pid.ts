import * as z from 'zod';
import { getProductCollection } from '#data/catalog.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { idSchema } from '#shared/schemas.ts';

/** GET /get-vid-by-pid?id: a product's videos, in order. */
export const handler = defineHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const { product, videos } = await getProductCollection(query.id);
  if (!product) throw notFound('product');
  const vids = [...videos].sort((a, b) => a.index - b.index).map((v) => ({ id: v.id, url: v.url }));
  return { status: 200, vids };
});
