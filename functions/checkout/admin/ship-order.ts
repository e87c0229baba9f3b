import { getProduct } from '#catalog/index.ts';
import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { shipOrderContract } from '#shared/contracts/fulfilment.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deliveryMailPorts } from '../adapters/delivery-mail-ports.ts';
import { readOrder } from '../entities/order.ts';
import { type FulfilledOrder, recordShipment } from '../entities/order-fulfilment.ts';
import { DELIVERY_MAIL_LEASE_MS, sendDeliveryMail } from '../fulfilment.ts';
import { shipmentDetails, shipRefusal } from '../rules/carriers.ts';
import { orderView } from './order-view.ts';

/**
 * POST /orders/{id}/shipment { carrier, trackingNumber, trackingUrl? } (admin): marks a paid
 * order shipped — carrier, tracking number and link, when and by whom — in one transaction with
 * its audit entry, then sends the delivery e-mail (piece, carrier, tracking link, the shop's
 * contact). Only a paid order ships (409 otherwise); a second ship, a retry or a colleague
 * pressing at the same moment, is refused with 409 and sends nothing: the transaction's
 * condition lets one call through. If SES fails now, the order stays on the delivery mail's
 * work list and the mail sweep sends it once this call's lease has run out (`mail: 'later'`).
 */
export const handler = defineAdminHandler(shipOrderContract, async ({ path, body }, event) => {
  const order = (await readOrder(path.id)) as FulfilledOrder | undefined;
  if (!order) throw notFound('order');
  const details = shipmentDetails(body);
  if ('refusal' in details) throw badRequest(details.refusal);
  const refused = shipRefusal(order);
  if (refused) throw httpError(409, refused);

  const now = Date.now();
  let shipped: FulfilledOrder;
  try {
    shipped = await recordShipment({
      order,
      shipment: { ...details, shippedAt: new Date(now).toISOString(), shippedBy: event.admin },
      now,
      mailLeaseUntil: now + DELIVERY_MAIL_LEASE_MS,
    });
  } catch (error) {
    // Another call shipped it meanwhile: say so as clearly as when it was shipped before.
    const current = (await readOrder(path.id)) as FulfilledOrder | undefined;
    const refusal = current && shipRefusal(current);
    if (refusal) throw httpError(409, refusal);
    throw error;
  }

  let mail: 'sent' | 'later' = 'sent';
  try {
    await sendDeliveryMail(shipped, deliveryMailPorts());
  } catch (error) {
    mail = 'later';
    logger.error('the delivery e-mail could not be sent now; the mail sweep will send it', {
      checkoutCode: order.checkoutCode,
      error: safeError(error),
    });
  }
  const product = await getProduct(order.productId);
  const current = ((await readOrder(path.id)) as FulfilledOrder | undefined) ?? shipped;
  return { status: 200 as const, order: orderView(current, product?.cardNumber), mail };
});
