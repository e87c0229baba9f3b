import { setAllShipping } from '#data/admin-types-shipping.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { addShippingAllSchema } from '#shared/admin-types.ts';

/** POST /add-shipping-all { price, typeId }: the same shipping price for every country. */
export const handler = defineAdminHandler({ body: addShippingAllSchema }, async ({ body }, event) => {
  await setAllShipping(body.typeId, body.price, event.admin);
  return { status: 200 };
});
