import { getProduct } from '#catalog/index.ts';
import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { correctShipmentContract } from '#shared/contracts/fulfilment.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { readOrder } from '../entities/order.ts';
import { correctShipment, type FulfilledOrder } from '../entities/order-fulfilment.ts';
import { SHIPMENT_REFUSALS, shipmentDetails } from '../rules/carriers.ts';
import { orderView } from './order-view.ts';

/**
 * PATCH /orders/{id}/shipment { carrier, trackingNumber, trackingUrl? } (admin): corrects the
 * carrier or tracking of a shipped (or delivered) order. The first shipping time and admin stay;
 * the correction's time and admin are added, and the audit entry keeps the shipment before and
 * after, in the same transaction. If the delivery e-mail has not gone out yet, the sweep sends
 * the corrected one; one already sent is not sent again (staff tell the customer).
 */
export const handler = defineAdminHandler(correctShipmentContract, async ({ path, body }, event) => {
  const order = (await readOrder(path.id)) as FulfilledOrder | undefined;
  if (!order) throw notFound('order');
  const details = shipmentDetails(body);
  if ('refusal' in details) throw badRequest(details.refusal);
  const shipment = order.shipment;
  if (!order.fulfilment || !shipment) throw httpError(409, SHIPMENT_REFUSALS.notShipped);
  if (
    shipment.carrier === details.carrier &&
    shipment.trackingNumber === details.trackingNumber &&
    shipment.trackingUrl === details.trackingUrl
  )
    throw httpError(409, SHIPMENT_REFUSALS.noChange);
  const corrected = await correctShipment({
    order: { ...order, shipment },
    shipment: {
      ...shipment,
      ...details,
      correctedAt: new Date().toISOString(),
      correctedBy: event.admin,
    },
  });
  const product = await getProduct(order.productId);
  return { status: 200 as const, order: orderView(corrected, product?.cardNumber) };
});
