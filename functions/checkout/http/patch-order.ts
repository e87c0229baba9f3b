import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { patchOrderContract } from '#shared/contracts/checkout.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { getOrder } from '../entities/order.ts';

/**
 * PATCH /orders {checkoutCode, id}: the spec's client "marks the order complete" with it. Only
 * the provider's confirmation completes an order, so this answers whether it is complete:
 * status 200 when paid, 202 while the payment is being confirmed, 409 when it failed or was
 * refunded (the client then shows "something is wrong. please contact us").
 */
export const handler = defineHandler(patchOrderContract, async ({ body }) => {
  const order = await getOrder(body.checkoutCode);
  if (!order || body.id !== order.productId) throw notFound('order');
  const status: Answer<typeof patchOrderContract>['status'] =
    order.status === 'paid' ? 200 : order.status === 'pending' ? 202 : 409;
  return { status, orderStatus: order.status };
});
