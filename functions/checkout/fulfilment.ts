import type { Mail } from '#platform/mail-templates.ts';
import type { FulfilledOrder } from './entities/order-fulfilment.ts';
import { MAIL_LEASE_MS } from './payment-completion.ts';
import { carrierName } from './rules/carriers.ts';

/**
 * The delivery e-mail of a shipped order (001 §1: "You will receive a delivery email within 7
 * business days"), sent once: the call that ships the order holds a lease and sends it; when
 * SES fails (or the call dies) the mail sweep claims the lapsed lease and sends it; a second
 * ship is refused before any mail. The same pattern as a sale's confirmation
 * (payment-completion.ts: mailLeaseUntil / mailSentAt).
 */
export interface DeliveryMailPorts {
  getOrder(checkoutCode: string): Promise<FulfilledOrder | undefined>;
  claimDeliveryMailLease(checkoutCode: string, now: number, until: number): Promise<boolean>;
  sendMail(mail: Mail): Promise<void>;
  markDeliveryMailSent(checkoutCode: string, now: number): Promise<void>;
  now(): number;
}

export const DELIVERY_MAIL_LEASE_MS = MAIL_LEASE_MS;

export function deliveryMail(order: FulfilledOrder): Mail | undefined {
  const shipment = order.shipment;
  if (!shipment) return undefined;
  return {
    to: order.contact.email,
    template: 'order-shipped',
    data: {
      name: order.contact.name,
      productName: order.productName,
      checkoutCode: order.checkoutCode,
      carrier: carrierName(shipment.carrier),
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
    },
  };
}

/** Sends the delivery e-mail of an order whose lease the caller holds, and records it sent. */
export async function sendDeliveryMail(order: FulfilledOrder, ports: DeliveryMailPorts): Promise<void> {
  const mail = deliveryMail(order);
  if (!mail) return;
  await ports.sendMail(mail);
  await ports.markDeliveryMailSent(order.checkoutCode, ports.now());
}

/**
 * If a shipped order's delivery e-mail never went out and its sender's lease has run out, sends
 * it now (with the shipment as it is now, corrections included). Does nothing while the first
 * sender may still be at work, or when another caller won the lease.
 */
export async function finishDeliveryMail(
  checkoutCode: string,
  ports: DeliveryMailPorts,
): Promise<'sent' | 'not-needed'> {
  const order = await ports.getOrder(checkoutCode);
  const now = ports.now();
  if (
    !order?.shipment ||
    order.deliveryMailSentAt ||
    (order.deliveryMailLeaseUntil ?? 0) >= now ||
    !(await ports.claimDeliveryMailLease(checkoutCode, now, now + DELIVERY_MAIL_LEASE_MS))
  )
    return 'not-needed';
  const current = (await ports.getOrder(checkoutCode)) ?? order;
  await sendDeliveryMail(current, ports);
  return 'sent';
}
