import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { getProductContract } from '#shared/contracts/catalog.ts';
import { getProduct } from '../entities/product.ts';
import { publicProduct } from '../rules/public-views.ts';

/** GET /products/{id}: one piece, as a one-element array (000 §7: "array; first element used"). */
export const handler = defineHandler(getProductContract, async ({ path }) => {
  const product = await getProduct(path.id);
  if (!product) throw notFound('product');
  return [publicProduct(product)];
});
