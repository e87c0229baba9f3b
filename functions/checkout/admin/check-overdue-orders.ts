import { checkOverdueOrdersContract } from '#shared/contracts/fulfilment.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { countOverdueOrders } from '../overdue-orders.ts';

/**
 * POST /overdue-orders (admin): runs the daily overdue check now — the button on /orders —
 * and answers its count: paid orders waiting to ship, and those past 7 business days. It logs
 * as the scheduled job does; the alarm is the scheduled job's (its metric).
 */
export const handler = defineAdminHandler(checkOverdueOrdersContract, async () => ({
  status: 200 as const,
  ...(await countOverdueOrders()),
}));
