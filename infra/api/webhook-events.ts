import {
  paypalCaptureCompletedSchema,
  stripePaymentSucceededSchema,
} from '../../shared/contracts/webhook-events.ts';
import { jsonSchemaOf } from './json-schema.ts';

/**
 * The events the shop receives from the payment providers (OpenAPI 3.1 `webhooks`), as far as the
 * shop reads them. They arrive at POST /api/webhooks/stripe and /api/webhooks/paypal (in `paths`).
 */
const event = (
  operationId: string,
  summary: string,
  description: string,
  schema: string,
  security: string,
) => ({
  post: {
    operationId,
    tags: ['checkout'],
    summary,
    description,
    security: [{ [security]: [] }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    },
    responses: {
      '200': {
        description: 'Received (and, for a payment, its order completed once, whatever the redeliveries).',
      },
      '400': { description: 'The signature is not valid, or not at this time: the provider retries.' },
      '500': { description: 'A fault: the provider retries later, and the order is completed then.' },
    },
  },
});

export const WEBHOOK_EVENTS = {
  schemas: {
    StripePaymentSucceeded: jsonSchemaOf(stripePaymentSucceededSchema, 'input'),
    PaypalCaptureCompleted: jsonSchemaOf(paypalCaptureCompletedSchema, 'input'),
  },
  webhooks: {
    'stripe.payment_intent.succeeded': event(
      'stripePaymentIntentSucceeded',
      'A card payment succeeded (Stripe)',
      'Stripe’s signed event at POST /api/webhooks/stripe: the only way a card order becomes paid. Its time must be within 5 minutes of the shop’s; the event id makes a redelivery harmless. The checkout code is in the PaymentIntent’s metadata.',
      'StripePaymentSucceeded',
      'stripeSignature',
    ),
    'paypal.PAYMENT.CAPTURE.COMPLETED': event(
      'paypalCaptureCompleted',
      'A PayPal capture completed',
      'PayPal’s notice at POST /api/webhooks/paypal, verified with PayPal before it is believed: a completed capture pays the order whose checkout code is its `custom_id`.',
      'PaypalCaptureCompleted',
      'paypalSignature',
    ),
  },
};
