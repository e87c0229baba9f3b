import { paymentProvider } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { paypalCreateOrderContract } from '#shared/contracts/checkout.ts';
import { setPaymentRef } from '../entities/order.ts';
import { abandonCheckout, paymentStartOf, startCheckout } from '../start-checkout.ts';

/**
 * POST /paypal/orders: starts a payment the shopper approves away at its provider, with the same
 * checkout fields as /secret. The piece is held and the provider's order created for the
 * server's amount with a description; the shopper approves it there and comes back to the
 * success page, which confirms it. A retry with the same checkout key gets the same order back
 * (or a new one for a changed form: the old one is never confirmed, since confirmation goes
 * through the order's latest reference).
 */
export const handler = defineHandler(paypalCreateOrderContract, async ({ body: form }, event) => {
  const provider = paymentProvider('redirect');
  const started = await startCheckout(form, event, provider.typeCode);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  try {
    const payment = await provider.start(paymentStartOf(order, provider));
    if (!('approveUrl' in payment)) throw new Error('the redirect provider gave no approval link');
    await setPaymentRef(order.checkoutCode, payment.paymentRef);
    return {
      status: 200 as const,
      checkoutCode: order.checkoutCode,
      paypalOrderId: payment.paymentRef,
      approveUrl: payment.approveUrl,
      holdUntil: order.holdUntil,
      amounts: { ...quote, currency: 'USD' as const },
    };
  } catch (error) {
    return abandonCheckout(order, error);
  }
});
