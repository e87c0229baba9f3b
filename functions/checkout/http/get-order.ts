import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { getOrderContract } from '#shared/contracts/checkout.ts';
import { completionPorts } from '../adapters/payments.ts';
import { stripe } from '../adapters/stripe.ts';
import { getOrder } from '../entities/order.ts';
import { completePayment } from '../payment-completion.ts';

/**
 * GET /orders/{id}: the real state of an order, for the success page; `id` is the checkout
 * code (unguessable, known only to the shopper's browser). A pending card order is checked with
 * Stripe, so a webhook that never arrived cannot lose a paid order: whichever of the two comes
 * first completes it, the other changes nothing.
 */
export const handler = defineHandler(getOrderContract, async ({ path }) => {
  let order = await getOrder(path.id);
  if (!order) throw notFound('order');
  if (order.status === 'pending' && order.paymentType === 1 && order.paymentRef) {
    const intent = await (await stripe()).paymentIntents.retrieve(order.paymentRef);
    if (intent.status === 'succeeded') {
      const result = await completePayment(
        {
          provider: 'stripe',
          eventId: `return-path:${intent.id}`,
          checkoutCode: order.checkoutCode,
          paymentRef: intent.id,
          amountCents: intent.amount_received,
          currency: intent.currency,
        },
        completionPorts(),
      );
      logger.info('order completed from the return path', { checkoutCode: order.checkoutCode, result });
      order = (await getOrder(path.id)) ?? order;
    }
  }
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
    },
  };
});
