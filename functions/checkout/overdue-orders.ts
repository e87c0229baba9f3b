import { logger } from '#platform/logger.ts';
import { paidOrdersWaitingToShip } from './entities/order-fulfilment.ts';
import { shippingWait } from './rules/shipping-wait.ts';

export interface OverdueResult {
  checkedAt: string;
  /** Paid orders not shipped yet. */
  waiting: number;
  /** Those older than 7 business days (Vancouver calendar): the promise is broken. */
  overdue: number;
  orders: { checkoutCode: string; productName: string; paidAt: string; businessDays: number }[];
}

/**
 * Counts the paid orders that wait to ship longer than the 7 business days promised (001 §1),
 * and logs each one. Run daily (infra/stack.ts), from the admin (POST /overdue-orders) or
 * locally with `npm run job overdue-orders`.
 */
export async function countOverdueOrders(now = Date.now()): Promise<OverdueResult> {
  const waiting = await paidOrdersWaitingToShip();
  const orders = waiting.flatMap((order) => {
    const wait = shippingWait(order, now);
    return wait?.overdue
      ? [
          {
            checkoutCode: order.checkoutCode,
            productName: order.productName,
            paidAt: order.paidAt ?? order.checkoutTime,
            businessDays: wait.businessDays,
          },
        ]
      : [];
  });
  orders.sort((a, b) => b.businessDays - a.businessDays);
  const result = {
    checkedAt: new Date(now).toISOString(),
    waiting: waiting.length,
    overdue: orders.length,
    orders,
  };
  if (orders.length > 0)
    logger.error('paid orders wait to ship longer than 7 business days', {
      overdue: orders.length,
      waiting: waiting.length,
      orders: orders.map((o) => ({ checkoutCode: o.checkoutCode, businessDays: o.businessDays })),
    });
  else logger.info('no paid order waits to ship longer than 7 business days', { waiting: waiting.length });
  return result;
}
