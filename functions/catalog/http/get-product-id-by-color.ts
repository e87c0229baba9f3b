import { defineHandler } from '#platform/handler.ts';
import { badRequest, notFound } from '#platform/http-error.ts';
import { getProductIdByColorContract } from '#shared/contracts/catalog.ts';
import { getCollectionWithProducts } from '../entities/collection.ts';
import { productByColors } from '../rules/colors.ts';

/** GET /getProductIdByColor?gender&typeId&color={a,b}&size: the one piece with exactly these colours. */
export const handler = defineHandler(getProductIdByColorContract, async ({ query }) => {
  const { type, products } = await getCollectionWithProducts(query.typeId);
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
  return { status: 200 as const, id: product.id, sold: product.status === 0 };
});
