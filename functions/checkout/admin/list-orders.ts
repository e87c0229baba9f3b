import { listOrdersContract } from '#shared/contracts/checkout.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listOrders } from '../entities/order.ts';
import { orderListItem } from './order-view.ts';

/**
 * GET /orders?offset&pageSize&filter (001 §7) → { pageCount, total, list }: orders newest first,
 * 10 a page; each row has the date, product, buyer, total, status, state (shipped, delivered)
 * and payment type of the list screen, and a paid order waiting to ship its business-day age
 * and whether it is overdue. `filter` (all by default): waiting, overdue, shipped, refunded.
 */
export const handler = defineAdminHandler(listOrdersContract, async ({ query }) => {
  const now = Date.now();
  const page = await listOrders(query.offset, query.pageSize, query.filter, now);
  return { ...page, list: page.list.map((order) => orderListItem(order, now)) };
});
