import type { AdminOrder, OrderEntity } from '../entities/order.ts';

/** Money moved for a paid or refunded order: it is the record of a payment. */
export const moneyMoved = (order: OrderEntity): boolean =>
  order.status === 'paid' || order.status === 'refunded';

/**
 * When an order may be deleted. A careful shop keeps every order for which money moved: a paid
 * order is the record of a sale (and of the piece's owner), a refunded one the record of money
 * returned; both are kept for the accounts. A checkout still in progress is not touched either:
 * the shopper may be paying. What is left — failed payments and checkouts abandoned after
 * their hold ran out — may go, and even then only as a tombstone (functions/checkout/entities/order.ts).
 */
export const ORDER_DELETE_REFUSALS = {
  moneyMoved: 'a paid or refunded order is the record of a payment and is kept.',
  inProgress: 'this checkout is still in progress. it can be deleted once its reservation has ended.',
  deleted: 'this order was already deleted.',
  token: 'this delete is not confirmed. please open the order and delete it again.',
} as const;

export function deleteRefusal(order: AdminOrder, now = Date.now()): string | undefined {
  if (order.deletedAt) return ORDER_DELETE_REFUSALS.deleted;
  if (moneyMoved(order)) return ORDER_DELETE_REFUSALS.moneyMoved;
  if (order.status === 'pending' && order.holdUntil >= now) return ORDER_DELETE_REFUSALS.inProgress;
  return undefined;
}
