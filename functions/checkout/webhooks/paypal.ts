import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { paypalWebhookContract } from '#shared/contracts/checkout.ts';
import { completionPorts } from '../adapters/payments.ts';
import { verifyPaypalWebhook } from '../adapters/paypal.ts';
import { completePayment } from '../payment-completion.ts';

interface CaptureEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { value?: string; currency_code?: string };
  };
}

/**
 * POST /webhooks/paypal: PayPal's notice of a completed capture, verified with PayPal before it
 * is believed. It completes the order if the shopper's return never reached us; otherwise it is
 * a no-op, like any duplicate.
 */
export const handler = defineHandler(paypalWebhookContract, async (_input, event) => {
  const raw =
    event.body === undefined
      ? ''
      : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
  if (!(await verifyPaypalWebhook(event.headers, raw)))
    throw httpError(400, 'the webhook signature is not valid');
  const notice = JSON.parse(raw) as CaptureEvent;
  const capture = notice.resource;
  if (notice.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || !capture?.id || !capture.custom_id) {
    logger.info('paypal event not handled', { type: notice.event_type, id: notice.id });
    return { received: true as const };
  }
  const result = await completePayment(
    {
      provider: 'paypal',
      eventId: `capture:${capture.id}`,
      checkoutCode: capture.custom_id,
      paymentRef: capture.id,
      amountCents: Math.round(Number(capture.amount?.value ?? 0) * 100),
      currency: capture.amount?.currency_code ?? '',
    },
    completionPorts(),
  );
  logger.info('paypal capture handled', { id: notice.id, result });
  return { received: true as const, result };
});
