import { defineHandler } from '#platform/handler.ts';
import { badRequest, notFound } from '#platform/http-error.ts';
import { getNextColorContract } from '#shared/contracts/catalog.ts';
import { getCollectionWithProducts } from '../entities/collection.ts';
import { nextColors } from '../rules/colors.ts';

/**
 * GET /getNextColor?gender&index&typeId&colorComb&size: the colours the shopper may pick for
 * colour area `index` (0-based), given the `index` colours already chosen in colorComb.
 * `colors` holds only those that still lead to an available piece; `unavailable` lists the
 * collection's other colours for that area, to show struck through.
 */
export const handler = defineHandler(getNextColorContract, async ({ query }) => {
  if (query.colorComb.length !== query.index) {
    throw badRequest('colorComb must hold exactly `index` colours, one per area already chosen');
  }
  const { type, products } = await getCollectionWithProducts(query.typeId);
  if (!type) throw notFound('collection');
  if (query.index >= Math.max(type.areaAmount, 1)) {
    throw badRequest(`index must be below the collection's number of colour areas (${type.areaAmount})`);
  }
  const choices = nextColors(
    products,
    { gender: query.gender, size: query.size },
    query.colorComb,
    Date.now(),
  );
  return {
    status: 200 as const,
    colors: choices.available.map((color) => ({ color })),
    unavailable: choices.unavailable.map((color) => ({ color })),
  };
});
