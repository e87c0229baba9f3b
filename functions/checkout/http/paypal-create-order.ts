import { defineHandler } from '#platform/handler.ts';
import { paypalCreateOrderContract } from '#shared/contracts/checkout.ts';
import { createPaypalOrder } from '../adapters/payments.ts';
import { setPaymentRef } from '../entities/order.ts';
import { abandonCheckout, startCheckout } from '../start-checkout.ts';

// A retry with the same checkout key gets the same PayPal order back (or a new one for a changed
// form: the old one is never captured, since capture goes through the order's latest reference).

/** Where the shopper comes back to after PayPal: the shop's own address, never the request's Host. */
function shopUrl(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return url.replace(/\/+$/, '');
}

/**
 * POST /paypal/orders: starts a PayPal payment with the same checkout fields as /secret. The piece
 * is held and a PayPal order created for the server's amount (2 decimals) with a description;
 * the shopper approves it at PayPal and comes back to the success page, which captures it.
 */
export const handler = defineHandler(paypalCreateOrderContract, async ({ body: form }, event) => {
  const started = await startCheckout(form, event, 2);
  if (!('order' in started)) return started;
  const { order, quote } = started;
  try {
    const back = `${shopUrl()}/products/success?checkoutCode=${order.checkoutCode}`;
    const payment = await createPaypalOrder({
      checkoutCode: order.checkoutCode,
      amount: order.finalPrice,
      description: `${order.productName} (one of one)`,
      returnUrl: `${back}&provider=paypal`,
      cancelUrl: `${back}&provider=paypal&cancelled=1`,
      holdUntil: order.holdUntil,
      attempt: order.paymentAttempt ?? 0,
    });
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
