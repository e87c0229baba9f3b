import { businessDaysSince, PROMISED_BUSINESS_DAYS } from '#shared/business-days.ts';

/**
 * How long a paid order has waited to ship, against the promise "a delivery email within 7
 * business days" (001 §1): business days on Vancouver's calendar (weekends and British
 * Columbia's statutory holidays excluded; shared/business-days.ts) since payment. Over 7 is
 * overdue. Only a paid order not shipped waits; any other has no wait.
 */
export interface ShippingWait {
  businessDays: number;
  overdue: boolean;
}

export function shippingWait(
  order: { status: string; fulfilment?: string; paidAt?: string; checkoutTime: string },
  now: number | Date | string,
): ShippingWait | undefined {
  if (order.status !== 'paid' || order.fulfilment) return undefined;
  const businessDays = businessDaysSince(order.paidAt ?? order.checkoutTime, now);
  return { businessDays, overdue: businessDays > PROMISED_BUSINESS_DAYS };
}
