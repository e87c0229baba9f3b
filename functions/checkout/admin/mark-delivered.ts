import { getProduct } from '#catalog/index.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { markDeliveredContract } from '#shared/contracts/fulfilment.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { readOrder } from '../entities/order.ts';
import { type FulfilledOrder, recordDelivered } from '../entities/order-fulfilment.ts';
import { SHIPMENT_REFUSALS } from '../rules/carriers.ts';
import { orderView } from './order-view.ts';

/**
 * POST /orders/{id}/delivered (admin): a shipped order marked delivered, when and by whom, with
 * its audit entry; once (409 if not shipped or already delivered). Optional: staff set it when
 * the carrier confirms delivery.
 */
export const handler = defineAdminHandler(markDeliveredContract, async ({ path }, event) => {
  const order = (await readOrder(path.id)) as FulfilledOrder | undefined;
  if (!order) throw notFound('order');
  if (order.fulfilment === 'delivered') throw httpError(409, SHIPMENT_REFUSALS.alreadyDelivered);
  if (order.fulfilment !== 'shipped') throw httpError(409, SHIPMENT_REFUSALS.notShipped);
  const delivered = await recordDelivered({ order, admin: event.admin, now: Date.now() });
  const product = await getProduct(order.productId);
  return { status: 200 as const, order: orderView(delivered, product?.cardNumber) };
});
