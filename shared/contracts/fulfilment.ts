import { CARRIER_IDS } from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';
import { checkoutCodeSchema, orderViewSchema } from './checkout.ts';
import type { Contract } from './contract.ts';

/**
 * Fulfilment (admin): ship a paid order with its carrier and tracking, correct them, mark it
 * delivered, and count the paid orders that wait too long. The tracking link is the carrier's
 * (functions/checkout/rules/carriers.ts), typed by staff only for "other" (https only).
 */

const orderPath = z.object({ id: checkoutCodeSchema });

export const shipmentBodySchema = z.object({
  carrier: z.enum(CARRIER_IDS, { error: 'choose a carrier: dhl, fedex, ups, canada-post or other' }),
  trackingNumber: z
    .string({ error: 'the tracking number is required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'the tracking number is required' }),
      z.maxLength(64, { error: 'the tracking number is at most 64 characters' }),
    ),
  /** Only for carrier "other": the carrier's tracking page, https. */
  trackingUrl: z.optional(
    z
      .string({ error: 'the tracking link must be text' })
      .check(z.trim(), z.maxLength(500, { error: 'the tracking link is at most 500 characters' })),
  ),
});

/** POST /orders/{id}/shipment: marks a paid order shipped and sends the delivery e-mail (once). */
export const shipOrderContract = {
  path: orderPath,
  body: shipmentBodySchema,
  response: z.object({
    status: z.literal(200),
    order: orderViewSchema,
    /** sent now, or later by the mail sweep (SES failed at that moment). */
    mail: z.enum(['sent', 'later']),
  }),
} satisfies Contract;

/** PATCH /orders/{id}/shipment: corrects the carrier or tracking of a shipped order (audited). */
export const correctShipmentContract = {
  path: orderPath,
  body: shipmentBodySchema,
  response: z.object({ status: z.literal(200), order: orderViewSchema }),
} satisfies Contract;

/** POST /orders/{id}/delivered: a shipped order marked delivered (audited, once). */
export const markDeliveredContract = {
  path: orderPath,
  response: z.object({ status: z.literal(200), order: orderViewSchema }),
} satisfies Contract;

/** One paid order waiting to ship longer than promised. */
export const overdueOrderSchema = z.object({
  checkoutCode: z.string(),
  productName: z.string(),
  paidAt: z.string(),
  businessDays: z.number(),
});

/**
 * POST /overdue-orders: runs the daily overdue check now (the button on /orders): paid orders
 * not shipped, and those older than 7 business days.
 */
export const checkOverdueOrdersContract = {
  response: z.object({
    status: z.literal(200),
    checkedAt: z.string(),
    waiting: z.number(),
    overdue: z.number(),
    orders: z.array(overdueOrderSchema),
  }),
} satisfies Contract;
