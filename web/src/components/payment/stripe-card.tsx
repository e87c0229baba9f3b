import '../form-page.css';
import './payment.css';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { type CardSession, paymentDone } from './card-session.ts';

/**
 * Production card step: Stripe Elements' card field (the card number goes to Stripe, never to
 * us) and Stripe.js's confirm, which also runs 3-D Secure. Stripe.js is loaded only here, from
 * js.stripe.com, so the local stand-in and the tests never fetch it.
 */
export function StripeCard({
  session,
  total,
  hold,
  onSucceeded,
}: {
  session: CardSession;
  total: string;
  hold: boolean;
  onSucceeded: () => void;
}) {
  const base = useId();
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; card: StripeCardElement }>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    (async () => {
      // Loading this module is what fetches Stripe.js; it happens only in production mode.
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(session.publishableKey ?? '');
      if (cancelled || !mount.current) return;
      if (!stripe) throw new Error('Stripe.js did not load');
      const element = stripe.elements().create('card', {
        hidePostalCode: true,
        style: { base: { fontFamily: 'Georgia, serif', fontSize: '17px', color: '#1a1a1a' } },
      });
      card = element;
      element.mount(mount.current);
      setReady({ stripe, card: element });
    })().catch(() => setError(CHECKOUT_MESSAGES.otherFailure));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [session.publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError('');
    const result = await ready.stripe.confirmCardPayment(session.client_secret, {
      payment_method: { card: ready.card },
    });
    setBusy(false);
    if (result.error) {
      setError(result.error.message ?? CHECKOUT_MESSAGES.otherFailure);
      return;
    }
    if (paymentDone(result.paymentIntent?.status, hold)) onSucceeded();
  };

  return (
    <section className="checkout-card" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="checkout-section-title">
        card
      </h2>
      <form onSubmit={submit} noValidate>
        <fieldset className="checkout-stripe-fieldset">
          <legend className="visually-hidden">card details</legend>
          <div ref={mount} className="checkout-stripe-field" />
        </fieldset>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <button type="submit" className="button checkout-pay" disabled={!ready || busy}>
          {hold ? 'authorise' : 'pay'} {total}
        </button>
      </form>
    </section>
  );
}
