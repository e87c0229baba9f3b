import * as z from 'zod';
import { getOrder } from '#data/orders.ts';
import { completePayment } from '#domain/payment-completion.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { logger } from '#lib/logger.ts';
import { completionPorts } from '#lib/payments.ts';
import { stripe } from '#lib/stripe.ts';

/**
 * GET /orders/{id}: the real state of an order, for the success page; `id` is the checkout
 * code (unguessable, known only to the shopper's browser). A pending card order is checked with
 * Stripe, so a webhook that never arrived cannot lose a paid order: whichever of the two comes
 * first completes it, the other changes nothing.
 */
export const handler = defineHandler(
  { path: z.object({ id: z.string().uuid({ error: 'must be a checkout code' }) }) },
  async ({ path }) => {
    let order = await getOrder(path.id);
    if (!order) throw notFound('order');
    if (order.status === 'pending' && order.paymentType === 1 && order.paymentRef) {
      const intent = await stripe().paymentIntents.retrieve(order.paymentRef);
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
      status: 200,
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
  },
);
