import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { secretContract } from '#shared/contracts/checkout.ts';
import { cancelCardPayment, cardPaymentTaken, createCardPayment } from '../adapters/payments.ts';
import { setPaymentRef } from '../entities/order.ts';
import { toCents } from '../payment-completion.ts';
import { abandonCheckout, alreadyPaid, startCheckout } from '../start-checkout.ts';

function isIdempotencyConflict(error: unknown): boolean {
  const { type, code } = (error ?? {}) as { type?: string; code?: string };
  return type === 'StripeIdempotencyError' || code === 'idempotency_key_in_use';
}

/**
 * POST /secret: starts a card payment. The piece is held for this shopper (406 when it is sold or
 * held by someone else) and a Stripe PaymentIntent is created for exactly the server's amount.
 * The same checkout key again answers the same PaymentIntent (or a new one for a changed form,
 * the old one cancelled). Nothing here can make an order paid: only the provider's signed
 * confirmation does.
 */
export const handler = defineHandler(secretContract, async ({ body: form }, event) => {
  const started = await startCheckout(form, event, 1);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  try {
    const previous = order.paymentType === 1 ? order.paymentRef : undefined;
    // Paid in another tab or just before a reload: the webhook completes it; show the order.
    if (previous && (await cardPaymentTaken(previous))) return alreadyPaid(order);
    const payment = await createCardPayment({
      checkoutCode: order.checkoutCode,
      amountCents: toCents(order.finalPrice),
      description: `${order.productName} (one of one)`,
      email: order.contact.email,
      productId: order.productId,
      holdId: order.holdId,
      holdUntil: order.holdUntil,
      attempt: order.paymentAttempt ?? 0,
    });
    await setPaymentRef(order.checkoutCode, payment.paymentRef);
    if (previous && previous !== payment.paymentRef) {
      await cancelCardPayment(previous).catch((error: unknown) =>
        logger.warn('a replaced payment could not be cancelled', { error: safeError(error) }),
      );
    }
    return {
      status: 200 as const,
      client_secret: payment.clientSecret,
      checkoutCode: order.checkoutCode,
      publishableKey: process.env.STRIPE_PUBLISHABLE_KEY,
      // 'local': the browser uses the stand-in card form against the emulator (/__payments).
      paymentsMode: process.env.STRIPE_API_BASE ? ('local' as const) : ('stripe' as const),
      holdUntil: order.holdUntil,
      amounts: { ...quote, currency: 'USD' as const },
    };
  } catch (error) {
    // A twin of this very start is talking to Stripe right now: that one keeps the hold.
    if (isIdempotencyConflict(error)) throw httpError(409, CHECKOUT_MESSAGES.otherFailure);
    return abandonCheckout(order, error);
  }
});
