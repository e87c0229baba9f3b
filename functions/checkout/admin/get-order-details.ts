import { getProduct } from '#catalog/index.ts';
import { notFound } from '#platform/http-error.ts';
import { orderDetailsContract } from '#shared/contracts/checkout.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { readOrder } from '../entities/order.ts';
import { issueDeleteToken } from '../entities/order-delete-token.ts';
import { deleteRefusal } from '../rules/delete-rules.ts';
import { orderView } from './order-view.ts';

/**
 * GET /order-details?id=<checkout code> — the admin's view of one order with every field of
 * 001 §3 (the public GET /orders/{id} is the shopper's success page and shows almost nothing).
 *
 * → { order, deletable, deleteToken?, deleteTokenValidUntil?, deleteRefusal? }. When the order
 * may be deleted, the answer carries a fresh delete token: single-use, bound to this order and
 * this admin, valid 10 minutes, kept server-side only as a hash. DELETE /orders must present it,
 * so a delete is always a deliberate act on an order the admin has just looked at.
 */
export const handler = defineAdminHandler(orderDetailsContract, async ({ query }, event) => {
  const order = await readOrder(query.id);
  if (!order) throw notFound('order');
  const product = await getProduct(order.productId);
  const view = orderView(order, product?.cardNumber);
  const refusal = deleteRefusal(order);
  if (refusal) return { order: view, deletable: false as const, deleteRefusal: refusal };
  const { token, validUntil } = await issueDeleteToken(order.checkoutCode, event.admin);
  return {
    order: view,
    deletable: true as const,
    deleteToken: token,
    deleteTokenValidUntil: new Date(validUntil).toISOString(),
  };
});
