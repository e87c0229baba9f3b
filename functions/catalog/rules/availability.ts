import { PRODUCT_STATUS } from '#shared/constants.ts';

export interface Sellable {
  status: number;
  holdUntil?: number;
}

/** A piece can be bought when it is not sold and nobody holds it in checkout right now. */
export function isAvailable(product: Sellable, now: number): boolean {
  if (product.status !== PRODUCT_STATUS.available) return false;
  return !(product.holdUntil !== undefined && product.holdUntil > now);
}
