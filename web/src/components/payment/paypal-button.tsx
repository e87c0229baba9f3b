import '../form-page.css';
import './payment.css';
import type { OneTimePaymentSession } from '@paypal/paypal-js/sdk-v6';
import { useEffect, useRef, useState } from 'react';
import { paypalInstance } from './paypal-sdk.ts';

export interface PaypalHandlers {
  /**
   * Called in the button's click: the order the server creates (its amounts are the server's),
   * or undefined when the form is not ready (nothing opens; the page says why).
   */
  createOrder: () => Promise<{ orderId: string }> | undefined;
  /** The buyer approved at PayPal: the server captures or authorises; the page then moves on. */
  onApproved: (orderId: string) => Promise<void>;
  /** The buyer closed or cancelled PayPal's window. */
  onCancelled: () => void;
  /** PayPal could not be opened or the order not made: `error` is what was thrown, if anything. */
  onFailed: (error?: unknown) => void;
}

type Load = 'loading' | 'ready' | 'unavailable';

/**
 * The PayPal button of the payment kit (a purchase, a draw entry), by PayPal's JavaScript SDK v6:
 * a one-time payment session whose start opens PayPal's window at once (in the click) with the
 * order the server is creating; approval comes back to `onApproved`. The browser never marks
 * anything paid: capture or authorisation is the server's, confirmed by the provider's webhook.
 */
export function PaypalButton({
  label,
  disabled = false,
  ...handlers
}: PaypalHandlers & { label: string; disabled?: boolean }) {
  const [load, setLoad] = useState<Load>('loading');
  const [busy, setBusy] = useState(false);
  const session = useRef<OneTimePaymentSession | undefined>(undefined);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let live = true;
    paypalInstance()
      .then(({ instance, eligible }) => {
        if (!live) return;
        if (!eligible) return setLoad('unavailable');
        session.current = instance.createPayPalOneTimePaymentSession({
          onApprove: async ({ orderId }) => {
            try {
              await latest.current.onApproved(orderId);
            } finally {
              if (live) setBusy(false);
            }
          },
          onCancel: () => {
            if (live) setBusy(false);
            latest.current.onCancelled();
          },
          onError: (error) => {
            if (live) setBusy(false);
            latest.current.onFailed(error);
          },
        });
        setLoad('ready');
      })
      .catch(() => {
        if (live) setLoad('unavailable');
      });
    return () => {
      live = false;
      session.current?.destroy();
      session.current = undefined;
    };
  }, []);

  const start = () => {
    const current = session.current;
    if (!current || busy) return;
    const order = latest.current.createOrder();
    if (!order) return;
    setBusy(true);
    current.start({ presentationMode: 'auto' }, order).catch((error: unknown) => {
      setBusy(false);
      latest.current.onFailed(error);
    });
  };

  if (load === 'unavailable')
    return (
      <p className="checkout-error" role="alert">
        PayPal cannot be opened just now. please try again in a moment, or pay by card.
      </p>
    );
  return (
    <button
      type="button"
      className="button checkout-pay checkout-paypal"
      disabled={disabled || busy || load !== 'ready'}
      aria-busy={busy || load === 'loading'}
      onClick={start}
    >
      {load === 'loading' ? 'loading PayPal…' : busy ? 'waiting for PayPal…' : label}
    </button>
  );
}
