import { defineHandler } from '#platform/handler.ts';
import { secretContract } from '#shared/contracts/checkout.ts';
import { createCardPayment } from '../adapters/payments.ts';
import { setPaymentRef } from '../entities/order.ts';
import { toCents } from '../payment-completion.ts';
import { abandonCheckout, startCheckout } from '../start-checkout.ts';

/**
 * GET /secret: starts a card payment. The piece is held for this shopper (406 when it is sold or
 * held by someone else) and a Stripe PaymentIntent is created for exactly the server's amount.
 * Nothing here can make an order paid: only the provider's signed confirmation does.
 */
export const handler = defineHandler(secretContract, async ({ query: form }, event) => {
  const started = await startCheckout(form, event, 1);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  try {
    const payment = await createCardPayment({
      checkoutCode: order.checkoutCode,
      amountCents: toCents(order.finalPrice),
      description: `${order.productName} (one of one)`,
      email: order.contact.email,
      productId: order.productId,
      holdId: order.holdId,
    });
    await setPaymentRef(order.checkoutCode, payment.paymentRef);
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
    return abandonCheckout(order, error);
  }
});
