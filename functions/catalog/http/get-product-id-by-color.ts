import * as z from 'zod';
import { defineHandler } from '#platform/handler.ts';
import { badRequest, notFound } from '#platform/http-error.ts';
import { colorListSchema, genderSchema, idSchema, optionalSizeSchema } from '#shared/schemas.ts';
import { getTypeWithProducts } from '../entities/collection.ts';
import { productByColors } from '../rules/colors.ts';

/** GET /getProductIdByColor?gender&typeId&color={a,b}&size: the one piece with exactly these colours. */
export const handler = defineHandler(
  {
    query: z.object({
      gender: genderSchema,
      typeId: idSchema,
      color: colorListSchema.refine((c) => c.length > 0, { error: 'name at least one colour' }),
      size: optionalSizeSchema,
    }),
  },
  async ({ query }) => {
    const { type, products } = await getTypeWithProducts(query.typeId);
    if (!type) throw notFound('collection');
    if (type.areaAmount > 0 && query.color.length !== type.areaAmount) {
      throw badRequest(`name one colour for each of the ${type.areaAmount} colour areas`);
    }
    const product = productByColors(
      products,
      { gender: query.gender, size: query.size },
      query.color,
      Date.now(),
    );
    if (!product) throw notFound('product with these colours');
    return { status: 200, id: product.id, sold: product.status === 0 };
  },
);
