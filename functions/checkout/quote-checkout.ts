import { getProduct, type ProductEntity } from '#catalog/index.ts';
import { clientAddress } from '#platform/client-address.ts';
import type { ApiEvent, FullResponse } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { PricingError, type Quote, quote } from '#shared/pricing.ts';
import { takeAttempt } from '#table/rate-limit.ts';
import { getOrder } from './entities/order.ts';
import { DISCOUNT_CHECK_FAILED, DISCOUNT_CHECK_LIMIT } from './rules/discount.ts';
import { checkoutCodeFor } from './rules/new-order.ts';
import { saleTerms, unavailable } from './start-checkout.ts';

export interface QuoteRequest {
  id: string;
  typeId?: string | undefined;
  country: string;
  state?: string | undefined;
  city?: string | undefined;
  discountCode?: string | undefined;
  checkoutKey?: string | undefined;
}

/**
 * The price of a piece shipped to an address, by the rules of the start (`saleTerms`, `quote`),
 * without taking a hold: what a wallet's sheet shows before its confirm takes the hold. A piece
 * sold or held by another shopper answers as the start would, so it never reaches a sheet.
 */
export async function quoteCheckout(
  request: QuoteRequest,
  event: ApiEvent,
): Promise<{ productName: string; quote: Quote } | FullResponse> {
  // A code is a guess like any other: counted with /type-discount's tries.
  if (request.discountCode && !(await takeAttempt(DISCOUNT_CHECK_LIMIT, clientAddress(event))))
    throw httpError(429, DISCOUNT_CHECK_FAILED);
  const product = await getProduct(request.id);
  if (!product) throw notFound('product');
  if (request.typeId && request.typeId !== product.typeId)
    throw httpError(400, 'the product is not part of this collection');
  const terms = await saleTerms(product, request.discountCode);
  if (!('type' in terms)) return terms;

  const now = Date.now();
  const heldUntil = typeof product.holdUntil === 'number' ? product.holdUntil : 0;
  if (heldUntil >= now && !(await holdsItself(product, request.checkoutKey)))
    return unavailable(product.id, now);

  try {
    const priced = quote({
      priceUs: product.priceUs,
      removeShipmentCharge: product.removeShipmentCharge,
      shippingPrices: terms.type.shippingPrices ?? {},
      country: request.country.toUpperCase(),
      state: request.state,
      city: request.city,
      discountPercent: terms.discountPercent,
    });
    return { productName: product.name, quote: priced };
  } catch (error) {
    if (error instanceof PricingError) throw httpError(400, CHECKOUT_MESSAGES.doesNotShip);
    throw error;
  }
}

/** The piece's hold is this shopper's own: their key's unpaid order holds it. */
async function holdsItself(product: ProductEntity, checkoutKey: string | undefined): Promise<boolean> {
  if (!checkoutKey || !product.holdId) return false;
  const order = await getOrder(checkoutCodeFor(product.id, checkoutKey));
  return order?.status === 'pending' && order.holdId === product.holdId;
}
