import { addShippingAllContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { setAllShipping } from '../../entities/collection-shipping.ts';

/** POST /add-shipping-all { price, typeId }: the same shipping price for every country. */
export const handler = defineAdminHandler(addShippingAllContract, async ({ body }, event) => {
  await setAllShipping(body.typeId, body.price, event.admin);
  return { status: 200 as const };
});
