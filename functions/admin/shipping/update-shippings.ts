import { setShipping } from '#data/admin-types-shipping.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { updateShippingsSchema } from '#shared/admin-types.ts';

/** PATCH /shippings { typeId, prices: [{ countryId, price | null }] }: one or more countries. */
export const handler = defineAdminHandler({ body: updateShippingsSchema }, async ({ body }, event) => ({
  status: 200,
  shippingPrices: await setShipping(body.typeId, body.prices, event.admin),
}));
