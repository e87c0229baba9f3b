import { updateShippingsContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { setShipping } from '../../entities/collection-shipping.ts';

/** PATCH /shippings { typeId, prices: [{ countryId, price | null }] }: one or more countries. */
export const handler = defineAdminHandler(updateShippingsContract, async ({ body }, event) => ({
  status: 200 as const,
  shippingPrices: await setShipping(body.typeId, body.prices, event.admin),
}));
