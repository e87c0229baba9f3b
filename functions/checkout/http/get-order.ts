import { timingSafeEqual } from 'node:crypto';
import { piecePicture } from '#catalog/index.ts';
import { paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { CHECKOUT_KEY_HEADER } from '#shared/checkout.ts';
import { getOrderContract } from '#shared/contracts/checkout.ts';
import { postalLines } from '#shared/postal-address.ts';
import { completionPorts } from '../adapters/completion-ports.ts';
import { getOrder } from '../entities/order.ts';
import { completePayment } from '../payment-completion.ts';
import { checkoutCodeFor } from '../rules/new-order.ts';

/** Whether `key` is the one the order's checkout code was made from (compared in constant time). */
function isBuyersKey(order: { productId: string; checkoutCode: string }, key: string): boolean {
  const made = Buffer.from(checkoutCodeFor(order.productId, key));
  const code = Buffer.from(order.checkoutCode);
  return made.length === code.length && timingSafeEqual(made, code);
}

/**
 * GET /orders/{id}: the real state of an order, for the success page; `id` is the checkout
 * code (unguessable, known only to the shopper's browser). A pending order the shopper confirmed
 * in the page is checked with its provider, so a webhook that never arrived cannot lose a paid
 * order: whichever of the two comes first completes it, the other changes nothing. The buyer's name, e-mail and address are
 * added only for the key behind the code (`x-checkout-key`, held by the browser that checked
 * out); the code alone answers the state.
 */
export const handler = defineHandler(getOrderContract, async ({ path }, event) => {
  let order = await getOrder(path.id);
  if (!order) throw notFound('order');
  const provider = paymentProvider(order.paymentType);
  if (order.status === 'pending' && provider.flow === 'in-page' && order.paymentRef) {
    const confirmed = await provider.confirm({ id: order.paymentRef, capture: 'now' });
    if (confirmed.outcome === 'paid') {
      const { taken } = confirmed;
      const result = await completePayment(
        {
          provider: provider.kind,
          eventId: `return-path:${taken.paymentRef}`,
          checkoutCode: order.checkoutCode,
          paymentRef: taken.paymentRef,
          amountCents: taken.amountCents,
          currency: taken.currency,
        },
        completionPorts(),
      );
      logger.info('order completed from the return path', { checkoutCode: order.checkoutCode, result });
      order = (await getOrder(path.id)) ?? order;
    }
  }
  const key = event.headers?.[CHECKOUT_KEY_HEADER];
  const buyer = key !== undefined && isBuyersKey(order, key);
  // Shown once the piece is theirs: no extra read on each poll of a pending payment.
  const picture = order.status === 'paid' ? await piecePicture(order.productId) : undefined;
  return {
    status: 200 as const,
    order: {
      checkoutCode: order.checkoutCode,
      status: order.status,
      productName: order.productName,
      finalPrice: order.finalPrice,
      currency: order.currency,
      paymentType: order.paymentType,
      holdUntil: order.holdUntil,
      ...(picture ? { picture } : {}),
      ...(buyer
        ? {
            buyer: {
              name: order.contact.name,
              email: order.contact.email,
              address: postalLines(order.contact),
            },
          }
        : {}),
    },
  };
});
