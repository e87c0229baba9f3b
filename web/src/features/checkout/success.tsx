import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import type { paypalCaptureContract } from '#shared/contracts/checkout.ts';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import { formatPrice } from '#shared/format.ts';
import { Loading } from '../../components/page.tsx';
import { apiPost } from '../../lib/api.ts';
import { useNavValues } from '../../lib/nav-input.ts';
import { getOrder, type OrderView } from './api.ts';
import './checkout.css';

const POLL_MS = 1000;
const POLL_FOR_MS = 30_000;

/** PayPal captures asked for in this page's life (one per checkout code, whatever re-renders). */
const captures = new Map<string, Promise<unknown>>();

function capturePaypal(checkoutCode: string): Promise<unknown> {
  let capture = captures.get(checkoutCode);
  if (!capture) {
    capture = apiPost<Answer<typeof paypalCaptureContract>>('/paypal/capture', {
      checkoutCode,
    } satisfies Body<typeof paypalCaptureContract>).catch((error: unknown) => error);
    captures.set(checkoutCode, capture);
  }
  return capture;
}

/**
 * /products/success?checkoutCode (001 §2): reads the order's real state every second for about
 * 30 s (GET /orders/{code} also catches up with the payment provider). The browser never marks
 * an order paid. After a PayPal approval it asks the server to capture first.
 */
export function Success() {
  const values = useNavValues();
  const code = values.checkoutCode;
  const paypal = values.provider === 'paypal';
  const cancelled = paypal && values.cancelled === '1';
  const [captured, setCaptured] = useState(!paypal);
  const [gaveUp, setGaveUp] = useState(false);
  const gaveUpRef = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      gaveUpRef.current = true;
      setGaveUp(true);
    }, POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!code || !paypal || cancelled) return;
    let live = true;
    void capturePaypal(code).then(() => {
      if (live) setCaptured(true);
    });
    return () => {
      live = false;
    };
  }, [code, paypal, cancelled]);

  const order = useQuery({
    queryKey: ['order', code],
    queryFn: () => getOrder(code ?? ''),
    enabled: Boolean(code) && captured && !cancelled,
    staleTime: 0,
    gcTime: 0,
    retry: 2,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && status !== 'pending') return false;
      return gaveUpRef.current ? false : POLL_MS;
    },
  });

  if (!code) return <Navigate to="/" replace />;

  return (
    <main className="checkout-page checkout-narrow checkout-success">
      {cancelled ? (
        <Message title="payment cancelled">
          <p>You cancelled the payment at PayPal; nothing was charged.</p>
        </Message>
      ) : order.isError ? (
        <Message title="something went wrong" alert>
          <p>{CHECKOUT_MESSAGES.patchFailed}</p>
        </Message>
      ) : !order.data ? (
        <Loading />
      ) : (
        <OrderState order={order.data} gaveUp={gaveUp} />
      )}
      <p className="checkout-home">
        <Link to="/home" className="link-button button-quiet">
          return to the boutique
        </Link>
      </p>
    </main>
  );
}

function Message({ title, children, alert }: { title: string; children: ReactNode; alert?: boolean }) {
  return (
    <section className="checkout-message" role={alert ? 'alert' : undefined}>
      <p className="checkout-kicker">your order</p>
      <h1 className="checkout-title">{title}</h1>
      <hr className="checkout-rule" />
      {children}
    </section>
  );
}

function OrderState({ order, gaveUp }: { order: OrderView; gaveUp: boolean }) {
  const name = order.productName ?? 'your piece';
  switch (order.status) {
    case 'paid':
      return (
        <Message title="order confirmed">
          <p className="checkout-lead">
            thank you — <em>{name}</em> is yours.
          </p>
          {order.finalPrice !== undefined && (
            <dl className="checkout-rows checkout-paid-rows">
              <div className="checkout-row checkout-row-total">
                <dt>total paid</dt>
                <dd>USD {formatPrice(order.finalPrice)}</dd>
              </div>
            </dl>
          )}
          <p>You will receive a delivery email within 7 business days.</p>
          <p className="checkout-note">
            Your piece comes with its own page on our authenticity portal. The password to it arrives by
            email.
          </p>
        </Message>
      );
    case 'refunded':
      return (
        <Message title="we are sorry">
          <p className="checkout-lead">We are sorry: this payment has been refunded.</p>
          <p>The refund returns to the card or account you paid with.</p>
        </Message>
      );
    case 'failed':
      return (
        <Message title="something went wrong" alert>
          <p className="checkout-lead">{CHECKOUT_MESSAGES.patchFailed}</p>
        </Message>
      );
    default:
      return (
        <Message title="one moment">
          <p className="checkout-lead" role="status">
            we are confirming your payment…
          </p>
          {gaveUp && (
            <p className="checkout-note">
              This is taking longer than usual. You will receive an email as soon as the payment is confirmed.
            </p>
          )}
        </Message>
      );
  }
}
