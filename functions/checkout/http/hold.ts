import { inPagePaymentSetup, paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { logger, safeError } from '#platform/logger.ts';
import { holdContract } from '#shared/contracts/checkout.ts';
import { paidInPage } from '../paid-in-page.ts';
import { alreadyPaid, startCheckout } from '../start-checkout.ts';

/**
 * POST /checkout/hold: "continue to payment". The piece is held for this shopper by the very
 * start POST /secret makes (the same checkout key is the same order and hold; 406 when it is
 * sold or held by someone else; the same limits), with the server's amounts, and no payment is
 * created: the page's Payment Element collects the card first and the pay click asks POST /secret
 * for the PaymentIntent of this order (Stripe's deferred intent). A reload with a payment made
 * already asks the provider whether it went through (a read, never a new payment).
 */
export const handler = defineHandler(holdContract, async ({ body: form }, event) => {
  const provider = paymentProvider('in-page');
  const started = await startCheckout(form, event, provider.typeCode);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  // Paid in another tab or just before a reload: the webhook completes it; show the order.
  if (order.paymentType === provider.typeCode && order.paymentRef) {
    const paid = await paidInPage(order).catch((error: unknown) => {
      // The pay click's POST /secret asks again before any new payment.
      logger.warn('an earlier payment could not be read', { error: safeError(error) });
      return false;
    });
    if (paid) return alreadyPaid(order);
  }
  return {
    status: 200 as const,
    checkoutCode: order.checkoutCode,
    ...inPagePaymentSetup(),
    holdUntil: order.holdUntil,
    amounts: { ...quote, currency: 'USD' as const },
  };
});
