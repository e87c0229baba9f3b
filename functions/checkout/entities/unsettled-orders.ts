import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { queryAll } from '#table/query.ts';
import { isConditionFailed } from '#table/transactions.ts';
import { ORDERS_LIST, type OrderEntity, orderKey } from './order.ts';

/** The reconciliation's marks on an order whose payment it has settled for good. */
export interface PaymentClosed {
  /** The provider's payment can no longer be paid (cancelled, voided): not asked again. */
  paymentClosedAt?: string;
}

const BY_CHECKOUT_TIME = {
  IndexName: 'gsi2',
  KeyConditionExpression: 'gsi2pk = :list AND gsi2sk BETWEEN :since AND :until',
};

/**
 * Orders checked out between `since` and `until` (ISO times) that have a provider payment and are
 * not decided: pending ones, and released or abandoned ones (`failed`) whose payment may still be
 * made. Orders are few (each piece sells once), so the shop-wide list on gsi2 is enough.
 */
export function unsettledOrders(since: string, until: string): Promise<(OrderEntity & PaymentClosed)[]> {
  return checkedOutBetween(
    since,
    until,
    '(#status = :pending OR #status = :failed) AND attribute_exists(paymentRef) AND attribute_not_exists(paymentClosedAt)',
    { ':pending': 'pending', ':failed': 'failed' },
  );
}

/**
 * Orders checked out between `since` and `until` still pending with no provider payment whose
 * hold ran out before `now`: the shopper held the piece ("continue to payment") and never
 * pressed pay, and the page's release never came (a tab killed, a phone out of signal).
 */
export function abandonedHolds(since: string, until: string, now: number): Promise<OrderEntity[]> {
  return checkedOutBetween(
    since,
    until,
    '#status = :pending AND attribute_not_exists(paymentRef) AND holdUntil < :now',
    { ':pending': 'pending', ':now': now },
  );
}

/**
 * An abandoned hold's order closed (pending becomes failed): only while it is still pending with
 * no payment and the hold the caller saw is over; false when a pay click made its payment or a
 * new hold was taken meanwhile (then the payment's own reconciliation settles it).
 */
export function closeAbandonedHold(order: OrderEntity, now: number): Promise<boolean> {
  return closeOrder(order, now, 'never-paid');
}

/** Paid orders checked out between `since` and `until`: each must have its authenticity record. */
export function paidOrdersBetween(since: string, until: string): Promise<OrderEntity[]> {
  return checkedOutBetween(since, until, '#status = :paid', { ':paid': 'paid' });
}

/** Orders checked out between `since` and `until` (ISO times) that the filter keeps (`#status` is the status). */
function checkedOutBetween<T extends OrderEntity>(
  since: string,
  until: string,
  filter: string,
  values: Record<string, unknown>,
): Promise<T[]> {
  return queryAll<T>({
    ...BY_CHECKOUT_TIME,
    FilterExpression: filter,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':list': ORDERS_LIST,
      ':since': since,
      // '~' sorts after the '#<code>' that follows the time in the index's sort key.
      ':until': `${until}~`,
      ...values,
    },
  });
}

/**
 * An unpaid order whose hold ran out and whose payment can no longer be made: pending becomes
 * failed, and the order is not asked about again. Only if it is still unpaid and its hold (the
 * one the caller saw) is over; false when it moved on meanwhile.
 */
export function closeUnpaidOrder(order: OrderEntity, now: number): Promise<boolean> {
  return closeOrder(order, now, 'payment-closed');
}

/**
 * Pending (or released: failed) becomes failed while the hold the caller saw is over: with the
 * payment the caller cancelled marked closed, or (`never-paid`) only while the order has none.
 */
async function closeOrder(
  order: OrderEntity,
  now: number,
  payment: 'payment-closed' | 'never-paid',
): Promise<boolean> {
  const closed = payment === 'payment-closed';
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(order.checkoutCode),
        UpdateExpression: closed
          ? 'SET #status = :failed, failedAt = if_not_exists(failedAt, :at), paymentClosedAt = :at'
          : 'SET #status = :failed, failedAt = if_not_exists(failedAt, :at)',
        ConditionExpression: closed
          ? '(#status = :pending OR #status = :failed) AND holdId = :hold AND holdUntil < :now AND paymentRef = :ref'
          : '#status = :pending AND holdId = :hold AND holdUntil < :now AND attribute_not_exists(paymentRef)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':at': new Date(now).toISOString(),
          ':hold': order.holdId,
          ':now': now,
          ...(closed ? { ':ref': order.paymentRef } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Order (deleted: `deletedAt`, kept)', what: "the reconciliation's list of unsettled orders" },
};
