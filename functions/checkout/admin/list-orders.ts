import { listOrdersContract } from '#shared/contracts/checkout.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listOrders } from '../entities/order.ts';
import { orderListItem } from './order-view.ts';

/**
 * GET /orders?offset&pageSize (001 §7) → { pageCount, total, list }: orders newest first, 10 a
 * page; each row has the date, product, buyer, total, status and payment type of the list screen.
 */
export const handler = defineAdminHandler(listOrdersContract, async ({ query }) => {
  const page = await listOrders(query.offset, query.pageSize);
  return { ...page, list: page.list.map(orderListItem) };
});
