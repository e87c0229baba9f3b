import { shippingPriceOneContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { shippingTable } from '../../entities/collection-shipping.ts';

/**
 * GET /shipping-price-one?typeId[&countryId]: one collection's shipping prices, every country by
 * name (`price: null` where it does not ship); with countryId, that country's price only.
 */
export const handler = defineAdminHandler(shippingPriceOneContract, async ({ query }) => {
  const { type, prices } = await shippingTable(query.typeId);
  if (query.countryId) {
    const one = prices.find((p) => p.countryId === query.countryId);
    return { status: 200 as const, typeId: type.id, ...one };
  }
  return { status: 200 as const, typeId: type.id, name: type.name, shippingArr: prices };
});
