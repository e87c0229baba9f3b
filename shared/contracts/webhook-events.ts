import * as z from '#shared/zod.ts';

/**
 * The providers' events the shop acts on, as far as it reads them (functions/payments/providers/):
 * everything else in an event is ignored, and any other event type is answered 200 and dropped.
 */
export const stripePaymentSucceededSchema = z.looseObject({
  id: z.string(),
  type: z.literal('payment_intent.succeeded'),
  created: z.int(),
  data: z.looseObject({
    object: z.looseObject({
      id: z.string(),
      object: z.literal('payment_intent'),
      amount_received: z.int(),
      currency: z.string(),
      /** The order's checkout code; a draw's hold has none (its settlement completes the order). */
      metadata: z.looseObject({ checkoutCode: z.optional(z.string()) }),
    }),
  }),
});

export const paypalCaptureCompletedSchema = z.looseObject({
  id: z.string(),
  event_type: z.literal('PAYMENT.CAPTURE.COMPLETED'),
  resource: z.looseObject({
    id: z.string(),
    status: z.optional(z.string()),
    /** The order's checkout code, given to PayPal when the order was created. */
    custom_id: z.string(),
    amount: z.looseObject({ value: z.string(), currency_code: z.string() }),
  }),
});
