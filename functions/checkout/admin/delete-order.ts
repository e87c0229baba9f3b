import { httpError, notFound } from '#platform/http-error.ts';
import { deleteOrderContract } from '#shared/contracts/checkout.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { readOrder, tombstoneOrder } from '../entities/order.ts';
import { validDeleteToken } from '../entities/order-delete-token.ts';
import { deleteRefusal, ORDER_DELETE_REFUSALS } from '../rules/delete-rules.ts';

/**
 * DELETE /orders { id, token } (001 §7: "with id and a token"): deletes an order, kept as deleted.
 *
 * The token is the confirmation: GET /order-details hands one out with the order it shows
 * (single-use, this admin's, this order's, 10 minutes). A missing or malformed token is 400;
 * one that is unknown, another admin's, another order's, expired or already used is 403; in
 * every case nothing changes.
 *
 * What a delete does: paid and refunded orders are never deleted (409) — they are the money
 * trail — nor a checkout whose hold is still running (409). A failed or abandoned order
 * becomes a tombstone: it leaves the admin list, but its item stays, marked deletedAt and
 * deletedBy, so a provider event arriving later still finds it (and the order would show in
 * the list again if it were then paid). The token is consumed, the order marked and the audit
 * entry (with the whole order as it was) written in one transaction.
 */
export const handler = defineAdminHandler(deleteOrderContract, async ({ body }, event) => {
  if (!(await validDeleteToken(body.token, body.id, event.admin)))
    throw httpError(403, ORDER_DELETE_REFUSALS.token);
  const order = await readOrder(body.id);
  if (!order) throw notFound('order');
  const refusal = deleteRefusal(order);
  if (refusal) throw httpError(409, refusal);
  const deleted = await tombstoneOrder({ order, token: body.token, admin: event.admin });
  return { status: 200 as const, id: deleted.checkoutCode, deletedAt: deleted.deletedAt };
});
