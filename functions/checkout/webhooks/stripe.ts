import { paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { stripeWebhookContract } from '#shared/contracts/checkout.ts';
import { handleWebhook } from './handle-webhook.ts';

/**
 * POST /webhooks/stripe: the only way a card order becomes paid. The signature is checked on
 * the raw body, and its signed time must be within 5 minutes of ours either way (a delivery
 * dated ahead is refused too, not only an old one); the event id makes redelivery harmless. Answers 2xx once the event is handled
 * (or is of no interest), so Stripe stops retrying; a fault answers 500 and Stripe retries.
 */
export const handler = defineHandler(stripeWebhookContract, (_input, event) =>
  handleWebhook(paymentProvider('stripe'), event),
);
