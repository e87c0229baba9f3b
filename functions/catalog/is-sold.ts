import * as z from 'zod';
import type { ProductEntity } from '#data/entities.ts';
import { productKey } from '#data/keys.ts';
import { getItem } from '#data/query.ts';
import { isAvailable } from '#domain/availability.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import { idSchema } from '#shared/schemas.ts';

/**
 * GET /is-sold?id: `status` 200 when the piece can be bought, 406 when it is sold (the code
 * checkout uses for "sorry, this product is already sold"); `sold` and `available` say the same
 * in words, `available` also being false while another shopper holds the piece in checkout.
 */
export const handler = defineHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const product = await getItem<Pick<ProductEntity, 'id' | 'status' | 'holdUntil'>>(productKey(query.id), [
    'id',
    'status',
    'holdUntil',
  ]);
  if (!product) throw notFound('product');
  const sold = product.status === PRODUCT_STATUS.sold;
  return { status: sold ? 406 : 200, sold, available: isAvailable(product, Date.now()) };
});
