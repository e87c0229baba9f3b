import { createHash } from 'node:crypto';
import { getProduct, getType, type ProductEntity, type TypeEntity } from '#catalog/index.ts';
import { isPublishedTerms } from '#members/index.ts';
import type { PaymentProvider, PaymentStart } from '#payments/index.ts';
import { clientAddress } from '#platform/client-address.ts';
import { type ApiEvent, type FullResponse, respond, upstreamFailure } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES, type CheckoutRequest } from '#shared/checkout.ts';
import { HOLD_MINUTES } from '#shared/constants.ts';
import { toCents } from '#shared/money.ts';
import { PricingError, type Quote } from '#shared/pricing.ts';
import { TERMS_MESSAGES } from '#shared/terms.ts';
import { takeAttempt } from '#table/rate-limit.ts';
import type { OrderEntity } from './entities/order.ts';
import { getOrder, holdAndRecordOrder, releaseHold } from './entities/order.ts';
import { checkDiscountCode } from './rules/discount.ts';
import { checkoutCodeFor, newOrder } from './rules/new-order.ts';

const checkoutStarts = { name: 'checkout-start', max: 10, windowSeconds: 10 * 60 };

/**
 * The start of every payment, whichever its provider: the form is checked, every amount computed here,
 * and the piece held for this shopper in one conditional write. Answers the order, or the 406
 * the spec gives when the piece is sold (or, in words of its own, held by someone else).
 * The same checkout key again — a reload, a retry after a network error — is the same order:
 * its hold is kept (or taken again if it ran out and the piece is free), its form and amounts
 * replaced by the latest; a paid one answers 409 so the page can show the order.
 */
export async function startCheckout(
  form: CheckoutRequest,
  event: ApiEvent,
  paymentType: PaymentProvider['typeCode'],
): Promise<{ order: OrderEntity; quote: Quote } | FullResponse> {
  const product = await getProduct(form.id);
  if (!product) throw notFound('product');
  if (form.typeId && form.typeId !== product.typeId)
    throw httpError(400, 'the product is not part of this collection');
  const existing = await getOrder(checkoutCodeFor(product.id, form.checkoutKey));
  // A retry of a pending start takes no new hold: only other starts count toward the limit.
  if (existing?.status !== 'pending' && !(await takeAttempt(checkoutStarts, clientAddress(event))))
    throw httpError(429, CHECKOUT_MESSAGES.otherFailure);
  if (existing?.status === 'paid') return alreadyPaid(existing);
  if (existing?.status === 'refunded')
    return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  const terms = await saleTerms(product, form.discountCode);
  if (!('type' in terms)) return terms;
  const { type, discountPercent } = terms;
  if (form.termsVersion && !(await isPublishedTerms(form.termsVersion)))
    throw httpError(400, TERMS_MESSAGES.unknownVersion);

  const now = Date.now();
  let started: ReturnType<typeof newOrder>;
  try {
    started = newOrder({
      form: { ...form, paymentType },
      product,
      type,
      discountPercent,
      now,
      // The same key's pending or released order goes on: its hold (until the same time, if the
      // piece is still free), so its payment too; past its time, a new hold and a new payment.
      ...(existing ? { earlier: existing } : {}),
    });
  } catch (error) {
    if (error instanceof PricingError) throw httpError(400, CHECKOUT_MESSAGES.fillAllFields);
    throw error;
  }
  const held = await holdAndRecordOrder(started.order, now);
  if (held === 'unavailable') return unavailable(product.id, now);
  if (held === 'order-moved-on') {
    const current = await getOrder(started.order.checkoutCode);
    if (current?.status === 'paid') return alreadyPaid(current);
    return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  }
  return started;
}

/**
 * Whether a piece is for sale, and at what discount: sold (406), offered by a draw or not on sale
 * yet (409), a code that is not the collection's (400). The start and the wallet's quote alike.
 */
export async function saleTerms(
  product: ProductEntity,
  discountCode: string | undefined,
): Promise<{ type: TypeEntity; discountPercent: number } | FullResponse> {
  if (product.status === 0) return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  if (product.draw) throw httpError(409, CHECKOUT_MESSAGES.offeredByDraw);
  const type = await getType(product.typeId);
  if (!type) throw notFound('collection');
  // The page shows only the pre-sale text; the server holds to it too, until the release ends it.
  if (type.preSale) throw httpError(409, CHECKOUT_MESSAGES.notOnSaleYet);
  let discountPercent = 0;
  if (discountCode) {
    const check = checkDiscountCode(type, discountCode);
    if (!check.isCodeValid) throw httpError(400, CHECKOUT_MESSAGES.invalidDiscount);
    discountPercent = check.discountAmount;
  }
  return { type, discountPercent };
}

/** This key's order is paid: the page shows it instead of a second payment form. */
export function alreadyPaid(order: OrderEntity): FullResponse {
  return respond(409, {
    status: 409,
    message: CHECKOUT_MESSAGES.alreadyPaid,
    checkoutCode: order.checkoutCode,
  });
}

/** Sold, or held by another shopper (with when that hold runs out): two different answers. */
export async function unavailable(productId: string, now: number): Promise<FullResponse> {
  const product = await getProduct(productId);
  if (!product || product.status === 0)
    return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  // Held, or being held this very moment by another shopper's start.
  const until =
    typeof product.holdUntil === 'number' && product.holdUntil >= now ? product.holdUntil : undefined;
  return respond(406, {
    status: 406,
    message: CHECKOUT_MESSAGES.reserved,
    availableAfter: until ?? now + HOLD_MINUTES * 60_000,
  });
}

/** The provider could not start the payment: give the piece back at once. */
export async function abandonCheckout(order: OrderEntity, error: unknown): Promise<never> {
  logger.error('the payment could not be started', {
    error: safeError(error),
    upstream: upstreamFailure(error),
    checkoutCode: order.checkoutCode,
  });
  const current = await getOrder(order.checkoutCode);
  if (current?.status === 'pending') await releaseHold(order, Date.now(), { providerFailed: true });
  throw httpError(502, CHECKOUT_MESSAGES.otherFailure);
}

/** Where a redirecting provider sends the shopper back to: the shop's own address, never the request's Host. */
function shopUrl(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return url.replace(/\/+$/, '');
}

/**
 * The payment an order asks its provider for: exactly the server's amount. The same start
 * retried (same hold, same amount and e-mail) gets the same payment back from the provider; a
 * changed form, a new hold or a start after a provider failure (OrderEntity.paymentAttempt)
 * gets a new one (the old one is never confirmed: confirmation goes through the order's latest
 * reference).
 */
export function paymentStartOf(order: OrderEntity, provider: PaymentProvider): PaymentStart {
  const start = {
    amountCents: toCents(order.finalPrice),
    currency: 'usd',
    description: `${order.productName} (one of one)`,
    email: order.contact.email,
    metadata: { checkoutCode: order.checkoutCode, productId: order.productId, holdId: order.holdId },
  };
  const revision = createHash('sha256')
    .update(JSON.stringify([start, order.holdUntil, order.paymentAttempt ?? 0]))
    .digest('base64url')
    .slice(0, 16);
  const redirect =
    provider.flow === 'redirect'
      ? `${shopUrl()}/products/success?checkoutCode=${order.checkoutCode}&provider=${provider.kind}`
      : undefined;
  return {
    ...start,
    capture: 'now',
    reference: order.checkoutCode,
    idempotencyKey: `checkout-${order.checkoutCode}-${revision}`,
    ...(redirect ? { returnUrl: redirect, cancelUrl: `${redirect}&cancelled=1` } : {}),
  };
}
