import * as z from 'zod';
import { getTypeWithProducts } from '#data/catalog.ts';
import { productSummary } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { genderSchema, idSchema } from '#shared/schemas.ts';

/** GET /has-single-product?id[&gender]: the products of a collection, for one gender if given. */
export const handler = defineHandler(
  { query: z.object({ id: idSchema, gender: genderSchema.optional() }) },
  async ({ query }) => {
    const { type, products } = await getTypeWithProducts(query.id);
    if (!type) throw notFound('collection');
    const shown =
      query.gender === undefined
        ? products
        : products.filter((p) => p.gender === query.gender || p.gender === 2);
    return { status: 200, products: shown.map(productSummary) };
  },
);
