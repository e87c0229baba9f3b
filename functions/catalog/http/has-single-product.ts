import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { hasSingleProductContract } from '#shared/contracts/catalog.ts';
import { getCollectionWithProducts } from '../entities/collection.ts';
import { productSummary } from '../rules/public-views.ts';

/** GET /has-single-product?id[&gender]: the products of a collection, for one gender if given. */
export const handler = defineHandler(hasSingleProductContract, async ({ query }) => {
  const { type, products } = await getCollectionWithProducts(query.id);
  if (!type) throw notFound('collection');
  const shown =
    query.gender === undefined
      ? products
      : products.filter((p) => p.gender === query.gender || p.gender === 2);
  return { status: 200 as const, products: shown.map(productSummary) };
});
