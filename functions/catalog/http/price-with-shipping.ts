import { defineHandler } from '#platform/handler.ts';
import { badRequest, notFound } from '#platform/http-error.ts';
import { priceWithShippingContract } from '#shared/contracts/price-with-shipping.ts';
import { getProductAndCollection } from '../entities/product.ts';
import { shippingList } from '../rules/shipping.ts';

/** GET /price-with-shipping?id&tid: a piece's US price and its collection's shipping price per country. */
export const handler = defineHandler(priceWithShippingContract, async ({ query }) => {
  const { product, type } = await getProductAndCollection(query.id, query.tid);
  if (!product) throw notFound('product');
  if (!type) throw notFound('collection');
  if (product.typeId !== type.id) throw badRequest('the product is not part of this collection');
  return {
    status: 200 as const,
    priceUs: product.priceUs,
    productName: product.name,
    shippingArr: shippingList(type.shippingPrices ?? {}, product.removeShipmentCharge),
  };
});
