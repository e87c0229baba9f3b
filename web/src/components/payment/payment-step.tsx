import '../form-page.css';
import './payment.css';
import type { Appearance, Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { formatPrice } from '#shared/format.ts';
import { type CardSession, paymentDone } from './card-session.ts';
import { loadStripeJs } from './load-stripe.ts';

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0025 0000 3155', 'asks for authentication (3-D Secure)'],
] as const;

/** The Payment Element in the shop's look (web/src/theme.css). */
const APPEARANCE: Appearance = {
  theme: 'flat',
  variables: {
    fontFamily: 'Didot, "Bodoni 72", "Playfair Display", "Libre Caslon Text", Georgia, "DejaVu Serif", serif',
    fontSizeBase: '16px',
    colorText: '#1a1a1a',
    colorPrimary: '#1a1a1a',
    colorBackground: '#fbfaf7',
    colorDanger: '#8e1f2a',
    borderRadius: '0px',
  },
};

/** A refusal in the provider's words when it speaks to the payer (a card or a field), else the shop's. */
function refusalText(error: StripeError): string {
  const payerFacing = ['card_error', 'validation_error'].includes(error.type);
  const authentication = error.code === 'payment_intent_authentication_failure';
  return (payerFacing || authentication) && error.message ? error.message : CHECKOUT_MESSAGES.otherFailure;
}

/** A pay click the server refused in words for the payer (the piece sold or held meanwhile): shown as they are. */
export class PaymentRefused extends Error {}

/**
 * The payment step of the purchase page and a draw's entry, in production and locally alike:
 * Stripe's Payment Element (card, Link) from Stripe.js (the emulator's stand-in locally), set up
 * for the server's amount (`mode: 'payment'`; a draw's entry holds it, `captureMethod: manual`).
 * Paying validates the element (`elements.submit()`), takes the client secret of the
 * PaymentIntent the server created for the amount it computed (`intent`), then confirms it with
 * `stripe.confirmPayment` (3-D Secure in Stripe's own dialog). It never marks an order paid: the
 * success page reads the order's real state.
 */
export function PaymentStep({
  session,
  onSucceeded,
  hold = false,
  intent = async () => {
    if (!session.client_secret) throw new Error('no payment to confirm');
    return session.client_secret;
  },
}: {
  session: CardSession;
  onSucceeded: () => void;
  /** A draw's entry: the card is authorised, not charged. */
  hold?: boolean;
  /** The client secret of the server's PaymentIntent for this payment (may throw PaymentRefused). */
  intent?: () => Promise<string>;
}) {
  const base = useId();
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const total = `USD ${formatPrice(session.amounts.total)}`;
  const cents = Math.round(session.amounts.total * 100);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one element per key and mode; the amount is updated below
  useEffect(() => {
    let cancelled = false;
    let destroy: () => void = () => undefined;
    (async () => {
      const stripe = await loadStripeJs(session.publishableKey ?? '', session.paymentsMode);
      if (cancelled || !mount.current) return;
      const elements = stripe.elements({
        mode: 'payment',
        amount: cents,
        currency: 'usd',
        ...(hold ? { captureMethod: 'manual' as const } : {}),
        appearance: APPEARANCE,
      });
      const element = elements.create('payment', { layout: 'tabs' });
      // What the payer changes in the element answers the refusal shown before.
      element.on('change', () => setError(''));
      element.mount(mount.current);
      destroy = () => element.destroy();
      setReady({ stripe, elements });
    })().catch(() => {
      if (!cancelled) setError(CHECKOUT_MESSAGES.otherFailure);
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [session.publishableKey, session.paymentsMode, hold]);

  useEffect(() => {
    void ready?.elements.update({ amount: cents });
  }, [ready, cents]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setError('');
    setBusy(true);
    try {
      const submitted = await ready.elements.submit();
      if (submitted.error) {
        setError(refusalText(submitted.error));
        return;
      }
      const clientSecret = await intent();
      const result = await ready.stripe.confirmPayment({
        elements: ready.elements,
        clientSecret,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(refusalText(result.error));
        return;
      }
      if (paymentDone(result.paymentIntent.status, hold)) onSucceeded();
      else setError(CHECKOUT_MESSAGES.otherFailure);
    } catch (failure) {
      setError(failure instanceof PaymentRefused ? failure.message : CHECKOUT_MESSAGES.otherFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="checkout-card" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="checkout-section-title">
        card, wallet or Link
      </h2>
      <form className="checkout-card-form" onSubmit={pay} noValidate>
        <div ref={mount} className="checkout-payment-element" />
        {session.paymentsMode === 'local' && (
          <div className="checkout-test-note">
            <p>
              <strong>test mode</strong> — no money moves. Any future expiry date and any CVC:
            </p>
            <ul>
              {TEST_CARDS.map(([card, outcome]) => (
                <li key={card}>
                  <span className="checkout-mono">{card}</span> {outcome}
                </li>
              ))}
            </ul>
          </div>
        )}
        <button type="submit" className="button checkout-pay" disabled={!ready || busy}>
          {busy ? 'confirming…' : `${hold ? 'authorise' : 'pay'} ${total}`}
        </button>
      </form>
      {error && (
        <p className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
