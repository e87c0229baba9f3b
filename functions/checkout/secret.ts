import { getProduct, getType } from '#data/catalog.ts';
import { getOrder, holdAndRecordOrder, releaseHold, setPaymentRef } from '#data/orders.ts';
import { takeAttempt } from '#data/rate-limit.ts';
import { newOrder } from '#domain/checkout.ts';
import { checkDiscountCode } from '#domain/discount.ts';
import { toCents } from '#domain/payment-completion.ts';
import { clientAddress } from '#lib/client-address.ts';
import { defineHandler, respond } from '#lib/handler.ts';
import { httpError, notFound } from '#lib/http-error.ts';
import { logger } from '#lib/logger.ts';
import { createCardPayment } from '#lib/payments.ts';
import { CHECKOUT_MESSAGES, checkoutRequestSchema } from '#shared/checkout.ts';
import { PricingError } from '#shared/pricing.ts';

const checkoutStarts = { name: 'checkout-start', max: 10, windowSeconds: 10 * 60 };

/**
 * GET /secret: starts a card payment. Validates the form, computes every amount on the server,
 * holds the piece for this shopper (406 when it is sold or held by someone else) and creates a
 * Stripe PaymentIntent for exactly that amount. Nothing here can make an order paid: only the
 * provider's signed confirmation does.
 */
export const handler = defineHandler({ query: checkoutRequestSchema }, async ({ query: form }, event) => {
  if (!(await takeAttempt(checkoutStarts, clientAddress(event))))
    throw httpError(429, CHECKOUT_MESSAGES.otherFailure);
  const product = await getProduct(form.id);
  if (!product) throw notFound('product');
  if (form.typeId && form.typeId !== product.typeId)
    throw httpError(400, 'the product is not part of this collection');
  if (product.status === 0) return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  const type = await getType(product.typeId);
  if (!type) throw notFound('collection');

  let discountPercent = 0;
  if (form.discountCode) {
    const check = checkDiscountCode(type, form.discountCode);
    if (!check.isCodeValid) throw httpError(400, CHECKOUT_MESSAGES.invalidDiscount);
    discountPercent = check.discountAmount;
  }

  const now = Date.now();
  let started: ReturnType<typeof newOrder>;
  try {
    started = newOrder({ form: { ...form, paymentType: 1 }, product, type, discountPercent, now });
  } catch (error) {
    if (error instanceof PricingError) throw httpError(400, CHECKOUT_MESSAGES.fillAllFields);
    throw error;
  }
  const { order, quote } = started;
  if ((await holdAndRecordOrder(order, now)) === 'unavailable') {
    return respond(406, { status: 406, message: CHECKOUT_MESSAGES.alreadySold });
  }

  try {
    const payment = await createCardPayment({
      checkoutCode: order.checkoutCode,
      amountCents: toCents(order.finalPrice),
      description: `${order.productName} (one of one)`,
      email: order.contact.email,
      productId: order.productId,
      holdId: order.holdId,
    });
    await setPaymentRef(order.checkoutCode, payment.paymentRef);
    return {
      status: 200,
      client_secret: payment.clientSecret,
      checkoutCode: order.checkoutCode,
      publishableKey: process.env.STRIPE_PUBLISHABLE_KEY,
      // 'local': the browser uses the stand-in card form against the emulator (/__payments).
      paymentsMode: process.env.STRIPE_API_BASE ? 'local' : 'stripe',
      holdUntil: order.holdUntil,
      amounts: { ...quote, currency: 'USD' },
    };
  } catch (error) {
    logger.error('the card payment could not be started', {
      error: error as Error,
      checkoutCode: order.checkoutCode,
    });
    const current = await getOrder(order.checkoutCode);
    if (current?.status === 'pending') await releaseHold(order, Date.now());
    throw httpError(502, CHECKOUT_MESSAGES.otherFailure);
  }
});
