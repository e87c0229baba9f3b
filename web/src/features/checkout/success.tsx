import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { formatPrice } from '#shared/format.ts';
import { orderKeyOf } from '../../components/payment/checkout-key.ts';
import { Picture } from '../../components/picture.tsx';
import { ApiError } from '../../lib/api.ts';
import { useNavValues } from '../../lib/nav-input.ts';
import { getOrder, type OrderView } from './api.ts';
import '../../components/form-page.css';
import './checkout.css';

const POLL_MS = 1000;
const POLL_FOR_MS = 30_000;

/**
 * /products/success?checkoutCode (001 §2): reads the order's real state every second for about
 * 30 s (GET /orders/{code} also catches up with the payment provider). The browser never marks
 * an order paid: only the provider's signed webhook (or the server asking the provider) does.
 * (A PayPal payment was captured by the server before the purchase page came here.) Until the payment is confirmed it
 * says what is happening, step by step; then it shows the order: its number, the piece, and, in
 * the tab that checked out (it holds the checkout key), where it ships and where the mail went.
 */
export function Success() {
  const values = useNavValues();
  const code = values.checkoutCode;
  const [gaveUp, setGaveUp] = useState(false);
  const gaveUpRef = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      gaveUpRef.current = true;
      setGaveUp(true);
    }, POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);

  const order = useQuery({
    queryKey: ['order', code],
    queryFn: () => getOrder(code ?? '', code ? orderKeyOf(code) : undefined),
    enabled: Boolean(code),
    staleTime: 0,
    gcTime: 0,
    // An order no one has under this number stays so: said at once, not asked again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && status !== 'pending') return false;
      return gaveUpRef.current ? false : POLL_MS;
    },
  });

  if (!code) return <Navigate to="/" replace />;
  // The way back is a new element with each state: the same one, pushed down when the taller
  // confirmed order replaces the wait, would count as a layout shift.
  const shown = order.isError ? 'error' : (order.data?.status ?? 'finding');

  return (
    <main className="checkout-page checkout-narrow checkout-success">
      {order.error instanceof ApiError && order.error.status === 404 ? (
        <Message title="no order with this number" alert>
          <p>
            We find no order numbered <strong className="checkout-order-number">{code}</strong>. The link in
            your confirmation e-mail opens your order; if you paid and have no e-mail,{' '}
            <Link to="/more/contact_us">contact us</Link> with this number and we will find it.
          </p>
        </Message>
      ) : order.isError ? (
        <Message title="something went wrong" alert>
          <p>{CHECKOUT_MESSAGES.patchFailed}</p>
        </Message>
      ) : !order.data ? (
        <Confirming found={false} provider="your bank" gaveUp={gaveUp} />
      ) : (
        <OrderState order={order.data} gaveUp={gaveUp} />
      )}
      <p className="checkout-home" key={shown}>
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

const STEPS = ['your order is recorded', 'confirming your payment', 'your confirmation e-mail'];

/**
 * The wait for the payment's confirmation, said calmly: what is happening now, as the second of
 * three steps (the order found, the payment confirmed with its provider, the mail), with a bar
 * that moves while it waits (still for those who ask for reduced motion).
 */
function Confirming({ found, provider, gaveUp }: { found: boolean; provider: string; gaveUp: boolean }) {
  const now = found ? 1 : 0;
  return (
    <Message title="one moment">
      <p className="checkout-lead" role="status">
        {found ? `Confirming your payment with ${provider}…` : 'Finding your order…'}
      </p>
      <div
        className="checkout-progress"
        role="progressbar"
        aria-label="confirming your payment"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={now + 1}
        aria-valuetext={`step ${now + 1} of ${STEPS.length}: ${STEPS[now]}`}
      >
        <span className="checkout-progress-bar" />
      </div>
      <ol className="checkout-steps">
        {STEPS.map((step, index) => (
          <li
            key={step}
            className={index < now ? 'is-done' : index === now ? 'is-now' : undefined}
            aria-current={index === now ? 'step' : undefined}
          >
            {step}
          </li>
        ))}
      </ol>
      <p className="checkout-note">
        {gaveUp
          ? 'This is taking longer than usual. You will receive an email as soon as the payment is confirmed; you may close this page.'
          : 'This page updates by itself; it usually takes a few seconds.'}
      </p>
    </Message>
  );
}

/** The paid order: the piece, its number, and for the buyer where it ships and where the mail went. */
function Confirmed({ order }: { order: OrderView }) {
  const name = order.productName ?? 'your piece';
  const buyer = order.buyer;
  return (
    <Message title="order confirmed">
      {order.picture && (
        <div className="checkout-confirmed-picture">
          <Picture url={order.picture} alt={name} sizes="(max-width: 600px) 60vw, 280px" priority />
        </div>
      )}
      <p className="checkout-lead">
        thank you — <em>{name}</em> is yours.
      </p>
      <dl className="checkout-rows checkout-paid-rows">
        <div className="checkout-row">
          <dt>order number</dt>
          <dd className="checkout-order-number">{order.checkoutCode}</dd>
        </div>
        {order.finalPrice !== undefined && (
          <div className="checkout-row checkout-row-total">
            <dt>total paid</dt>
            <dd>USD {formatPrice(order.finalPrice)}</dd>
          </div>
        )}
      </dl>
      {buyer ? (
        <>
          <section className="checkout-ship-to" aria-label="shipping to">
            <h2 className="checkout-kicker">shipping to</h2>
            <address>
              {[buyer.name, ...buyer.address].map((addressLine) => (
                <span key={addressLine}>{addressLine}</span>
              ))}
            </address>
          </section>
          <p>
            We have sent your confirmation to <strong className="checkout-mail-to">{buyer.email}</strong>.
          </p>
        </>
      ) : (
        <p>Your confirmation email holds the address it ships to.</p>
      )}
      <p>You will receive a delivery email within 7 business days.</p>
      <p className="checkout-note">
        Your piece comes with its own page on our authenticity portal. The password to it arrives by email.
      </p>
    </Message>
  );
}

function OrderState({ order, gaveUp }: { order: OrderView; gaveUp: boolean }) {
  switch (order.status) {
    case 'paid':
      return <Confirmed order={order} />;
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
      return <Confirming found provider={order.paymentType === 2 ? 'PayPal' : 'your bank'} gaveUp={gaveUp} />;
  }
}
