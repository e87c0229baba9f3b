import type { sendMail as SendMail } from '#platform/mail.ts';
import { readOrder } from '../entities/order.ts';
import {
  claimDeliveryMailLease,
  type FulfilledOrder,
  markDeliveryMailSent,
} from '../entities/order-fulfilment.ts';
import type { DeliveryMailPorts } from '../fulfilment.ts';

const sendMail: typeof SendMail = async (mail) => (await import('#platform/mail.ts')).sendMail(mail);

/** The real wiring of the delivery e-mail: DynamoDB and SES. */
export function deliveryMailPorts(now: () => number = Date.now): DeliveryMailPorts {
  return {
    getOrder: (code) => readOrder(code) as Promise<FulfilledOrder | undefined>,
    claimDeliveryMailLease,
    sendMail,
    markDeliveryMailSent,
    now,
  };
}
