import type { CheckoutFields } from '../../components/payment/checkout-fields.ts';
import type { PaypalHandlers } from '../../components/payment/paypal-button.tsx';
import { ApiError, apiPost } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';

type Started = PublicAnswer<'/paypal/orders', 'post'>;

/** PayPal's order → the shop's order it pays, for this page's life (the handlers are remade each render). */
const checkoutCodes = new Map<string, string>();

/** Said when the shopper closes or cancels PayPal's window: nothing taken, the piece still theirs for now. */
export const PAYPAL_CANCELLED =
  'You cancelled at PayPal; nothing was charged. The piece is still reserved for you: pay with PayPal again, or choose card.';

/**
 * The purchase page's PayPal: the order is created by the server from the form (POST
 * /paypal/orders: the piece is held, the amounts are the server's), approved in PayPal's window,
 * then captured by the server (POST /paypal/capture). The paid state the success page shows is the
 * server's; the webhook remains the confirmation of record.
 */
export function paypalCheckout(page: {
  readyFields: () => CheckoutFields | undefined;
  onOrder: (started: Started, fields: CheckoutFields) => void;
  onPaid: (checkoutCode: string) => void;
  onCancelled: () => void;
  onFailed: (error?: unknown) => void;
}): PaypalHandlers {
  return {
    createOrder: () => {
      const fields = page.readyFields();
      if (!fields) return undefined;
      return apiPost('/paypal/orders', fields).then((started) => {
        checkoutCodes.set(started.paypalOrderId, started.checkoutCode);
        page.onOrder(started, fields);
        return { orderId: started.paypalOrderId };
      });
    },
    onApproved: async (orderId) => {
      const checkoutCode = checkoutCodes.get(orderId);
      if (!checkoutCode) return page.onFailed();
      try {
        await apiPost('/paypal/capture', {
          checkoutCode,
        });
        page.onPaid(checkoutCode);
      } catch (error) {
        // Paid already (a webhook was first) answers the order's state, not an error; a refusal is said.
        page.onFailed(error instanceof ApiError ? error : undefined);
      }
    },
    onCancelled: page.onCancelled,
    onFailed: page.onFailed,
  };
}
