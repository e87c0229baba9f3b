import * as z from 'zod';
import { getProduct } from '#data/catalog.ts';
import { publicProduct } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { idSchema } from '#shared/schemas.ts';

/** GET /products/{id}: one piece, as a one-element array (000 §7: "array; first element used"). */
export const handler = defineHandler({ path: z.object({ id: idSchema }) }, async ({ path }) => {
  const product = await getProduct(path.id);
  if (!product) throw notFound('product');
  return [publicProduct(product)];
});
