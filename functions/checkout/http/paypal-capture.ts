import { type Confirmation, paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { paypalCaptureContract } from '#shared/contracts/checkout.ts';
import { completionPorts } from '../adapters/completion-ports.ts';
import { getOrder } from '../entities/order.ts';
import { completePayment } from '../payment-completion.ts';

/**
 * POST /paypal/capture {checkoutCode}: after the shopper approved at the provider, the server
 * confirms (captures) the order it created. The provider's answer to that server-to-server call
 * is the confirmation; the browser only says "I am back". Confirming twice is harmless (the
 * provider refuses, we read the state).
 */
export const handler = defineHandler(paypalCaptureContract, async ({ body }) => {
  const order = await getOrder(body.checkoutCode);
  const provider = order && paymentProvider(order.paymentType);
  if (!order || provider?.flow !== 'redirect') throw notFound('order');
  if (order.status === 'pending' && order.paymentRef) {
    let confirmed: Confirmation;
    try {
      confirmed = await provider.confirm({ id: order.paymentRef, capture: 'now' });
    } catch (error) {
      // Only the status and the provider's issue code: the SDK's error carries the request's bearer token.
      const refused = error as { statusCode?: number; result?: { details?: { issue?: string }[] } };
      logger.warn('the provider refused the capture', {
        checkoutCode: order.checkoutCode,
        statusCode: refused.statusCode,
        issue: refused.result?.details?.[0]?.issue,
      });
      throw httpError(409, CHECKOUT_MESSAGES.patchFailed);
    }
    if (confirmed.outcome === 'paid') {
      const { taken } = confirmed;
      const result = await completePayment(
        {
          provider: provider.kind,
          eventId: taken.eventId ?? `return-path:${taken.paymentRef}`,
          checkoutCode: order.checkoutCode,
          paymentRef: taken.paymentRef,
          amountCents: taken.amountCents,
          currency: taken.currency,
        },
        completionPorts(),
      );
      logger.info('a redirect payment handled', { checkoutCode: order.checkoutCode, result });
    }
  }
  const current = (await getOrder(body.checkoutCode)) ?? order;
  return { status: 200 as const, order: { checkoutCode: current.checkoutCode, status: current.status } };
});
