import { updateShippingsSchema } from '#shared/admin-types.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { setShipping } from '../../entities/shipping.ts';

/** PATCH /shippings { typeId, prices: [{ countryId, price | null }] }: one or more countries. */
export const handler = defineAdminHandler({ body: updateShippingsSchema }, async ({ body }, event) => ({
  status: 200,
  shippingPrices: await setShipping(body.typeId, body.prices, event.admin),
}));
