import { paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { paypalWebhookContract } from '#shared/contracts/checkout.ts';
import { handleWebhook } from './handle-webhook.ts';

/**
 * POST /webhooks/paypal: PayPal's notice of a completed capture, verified with PayPal before it
 * is believed. It completes the order if the shopper's return never reached us; otherwise it is
 * a no-op, like any duplicate.
 */
export const handler = defineHandler(paypalWebhookContract, (_input, event) =>
  handleWebhook(paymentProvider('paypal'), event),
);
