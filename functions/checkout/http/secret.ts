import { paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { secretContract } from '#shared/contracts/checkout.ts';
import { setPaymentRef } from '../entities/order.ts';
import { paidInPage } from '../paid-in-page.ts';
import { abandonCheckout, alreadyPaid, paymentStartOf, startCheckout } from '../start-checkout.ts';

/**
 * POST /secret: starts a payment the shopper confirms in the page. The piece is held for this
 * shopper (406 when it is sold or held by someone else) and the provider's payment created for
 * exactly the server's amount. The same checkout key again answers the same payment (or a new
 * one for a changed form, the old one cancelled). Nothing here can make an order paid: only the
 * provider's signed confirmation does.
 */
export const handler = defineHandler(secretContract, async ({ body: form }, event) => {
  const provider = paymentProvider('in-page');
  const started = await startCheckout(form, event, provider.typeCode);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  try {
    const previous =
      order.paymentType === provider.typeCode && order.paymentRef
        ? { id: order.paymentRef, capture: 'now' as const }
        : undefined;
    // Paid in another tab or just before a reload: the webhook completes it; show the order.
    if (previous && (await paidInPage(order))) return alreadyPaid(order);
    const payment = await provider.start(paymentStartOf(order, provider));
    if (!('clientSecret' in payment)) throw new Error('the in-page provider gave no client secret');
    await setPaymentRef(order.checkoutCode, payment.paymentRef);
    if (previous && previous.id !== payment.paymentRef) {
      await provider
        .cancel(previous)
        .catch((error: unknown) =>
          logger.warn('a replaced payment could not be cancelled', { error: safeError(error) }),
        );
    }
    return {
      status: 200 as const,
      client_secret: payment.clientSecret,
      checkoutCode: order.checkoutCode,
      ...payment.page,
      holdUntil: order.holdUntil,
      amounts: { ...quote, currency: 'USD' as const },
    };
  } catch (error) {
    // A twin of this very start is talking to the provider right now: that one keeps the hold.
    if (provider.isConcurrentStart(error)) throw httpError(409, CHECKOUT_MESSAGES.otherFailure);
    return abandonCheckout(order, error);
  }
});
