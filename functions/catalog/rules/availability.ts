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

const MINUTE = 60_000;

/**
 * When a piece another shopper holds may be free again: the hold's end rounded up to the next
 * whole minute (a shopper is told a time, not the hold's exact expiry). Undefined when no hold runs.
 */
export function freeAgainAt(product: Sellable, now: number): number | undefined {
  if (product.status !== PRODUCT_STATUS.available) return undefined;
  if (product.holdUntil === undefined || product.holdUntil <= now) return undefined;
  return Math.ceil(product.holdUntil / MINUTE) * MINUTE;
}
