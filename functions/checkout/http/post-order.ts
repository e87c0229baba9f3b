import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { postOrderContract } from '#shared/contracts/checkout.ts';
import { getOrder } from '../entities/order.ts';

/**
 * POST /orders {order fields, checkoutCode, amount, shippingFee}: the spec's client records the
 * order after paying. Here the order was recorded when checkout started, with amounts the server
 * computed, so this only confirms it exists for that piece. It never changes an order: amounts
 * sent by the browser are not read, and nothing here can make an order paid.
 */
export const handler = defineHandler(postOrderContract, async ({ body }) => {
  const order = await getOrder(body.checkoutCode);
  if (!order || (body.id && body.id !== order.productId)) throw notFound('order');
  return { status: 200 as const, orderStatus: order.status };
});
