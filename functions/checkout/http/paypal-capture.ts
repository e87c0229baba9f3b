import { defineHandler } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { paypalCaptureContract } from '#shared/contracts/checkout.ts';
import { capturePaypalOrder, completionPorts } from '../adapters/payments.ts';
import { getOrder } from '../entities/order.ts';
import { completePayment } from '../payment-completion.ts';

/**
 * POST /paypal/capture {checkoutCode}: after the shopper approved at PayPal, the server captures
 * the order it created. PayPal's answer to that server-to-server call is the confirmation; the
 * browser only says "I am back". Capturing twice is harmless (PayPal refuses, we read the state).
 */
export const handler = defineHandler(paypalCaptureContract, async ({ body }) => {
  const order = await getOrder(body.checkoutCode);
  if (order?.paymentType !== 2) throw notFound('order');
  if (order.status === 'pending' && order.paymentRef) {
    let captured: Awaited<ReturnType<typeof capturePaypalOrder>>;
    try {
      captured = await capturePaypalOrder(order.paymentRef);
    } catch (error) {
      // Only the status and PayPal's issue code: the SDK's error carries the request's bearer token.
      const refused = error as { statusCode?: number; result?: { details?: { issue?: string }[] } };
      logger.warn('PayPal capture refused', {
        checkoutCode: order.checkoutCode,
        statusCode: refused.statusCode,
        issue: refused.result?.details?.[0]?.issue,
      });
      throw httpError(409, CHECKOUT_MESSAGES.patchFailed);
    }
    if (captured.completed && captured.captureId) {
      const result = await completePayment(
        {
          provider: 'paypal',
          eventId: `capture:${captured.captureId}`,
          checkoutCode: order.checkoutCode,
          paymentRef: captured.captureId,
          amountCents: captured.amountCents,
          currency: captured.currency,
        },
        completionPorts(),
      );
      logger.info('PayPal payment handled', { checkoutCode: order.checkoutCode, result });
    }
  }
  const current = (await getOrder(body.checkoutCode)) ?? order;
  return { status: 200 as const, order: { checkoutCode: current.checkoutCode, status: current.status } };
});
