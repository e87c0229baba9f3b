import type { PaymentProvider } from '#payments/index.ts';
import type { ApiEvent } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { completionPorts } from '../adapters/completion-ports.ts';
import { type CompletionResult, completePayment } from '../payment-completion.ts';

/**
 * A provider's webhook delivery: believed only once its provider checked the signature (400 if
 * not); a payment that took money completes its order, with the provider's event id, so a
 * redelivery or the shopper's own return changes nothing. Answers 2xx once handled (or of no
 * interest), so the provider stops retrying; a fault answers 500 and the provider retries.
 */
export async function handleWebhook(
  provider: PaymentProvider,
  event: ApiEvent,
): Promise<{ received: true; result?: CompletionResult }> {
  const raw =
    event.body === undefined ? '' : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const notice = await provider.verifyWebhook(event.headers, raw);
  if (!notice.verified) {
    logger.warn('a webhook refused', { provider: provider.kind, message: notice.message });
    throw httpError(400, notice.message);
  }
  const paid = notice.paid;
  if (!paid) {
    logger.info('a webhook event not handled', { provider: provider.kind, type: notice.type, id: notice.id });
    return { received: true };
  }
  if (!paid.reference) {
    logger.warn('a payment without a checkout code', { id: notice.id, payment: paid.paymentRef });
    return { received: true };
  }
  const result = await completePayment(
    {
      provider: provider.kind,
      eventId: paid.eventId,
      checkoutCode: paid.reference,
      paymentRef: paid.paymentRef,
      amountCents: paid.amountCents,
      currency: paid.currency,
    },
    completionPorts(),
  );
  logger.info('a webhook payment handled', { provider: provider.kind, id: notice.id, result });
  return { received: true, result };
}
