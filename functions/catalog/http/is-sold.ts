import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import { isSoldContract } from '#shared/contracts/catalog.ts';
import { getItem } from '#table/query.ts';
import { productKey } from '../entities/keys.ts';
import type { ProductEntity } from '../entities/product.ts';
import { freeAgainAt, isAvailable } from '../rules/availability.ts';

/**
 * GET /is-sold?id: `status` 200 when the piece can be bought, 406 when it is sold (the code
 * checkout uses for "sorry, this product is already sold"); `sold` and `available` say the same
 * in words, `available` also being false while another shopper holds the piece in checkout, and
 * `freeAt` the hold's end rounded up to the minute.
 */
export const handler = defineHandler(isSoldContract, async ({ query }) => {
  const product = await getItem<Pick<ProductEntity, 'id' | 'status' | 'holdUntil' | 'draw'>>(
    productKey(query.id),
    ['id', 'status', 'holdUntil', 'draw'],
  );
  if (!product) throw notFound('product');
  const sold = product.status === PRODUCT_STATUS.sold;
  const now = Date.now();
  // A draw's hold is not a shopper's: the piece is entered, not bought, and not "free at" a time.
  const freeAt = product.draw ? undefined : freeAgainAt(product, now);
  return {
    status: sold ? (406 as const) : (200 as const),
    sold,
    available: isAvailable(product, now),
    ...(freeAt === undefined ? {} : { freeAt }),
    ...(product.draw && !sold ? { draw: product.draw } : {}),
  };
});
