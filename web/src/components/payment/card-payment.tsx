import '../form-page.css';
import './payment.css';
import { type FormEvent, useId, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { formatPrice } from '#shared/format.ts';
import { type CardSession, paymentDone } from './card-session.ts';
import { StripeCard } from './stripe-card.tsx';
import { authenticateCard, confirmCard, type IntentAnswer, PaymentError } from './stripe-stand-in.ts';

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0025 0000 3155', 'asks for authentication (3-D Secure)'],
] as const;

type Step = 'card' | 'confirming' | 'authenticate' | 'authenticating';

/** "MM / YY" or "MM/YYYY" → month and year, or undefined. */
function parseExpiry(text: string): { month: string; year: string } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  const year = match[2]?.length === 2 ? `20${match[2]}` : (match[2] ?? '');
  return { month: String(month), year };
}

/** Groups of four as the shopper types. */
function groupDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The card step after POST /secret. In local mode this is the stand-in for Stripe Elements: it
 * confirms the PaymentIntent with the publishable key and client secret, as Stripe.js does,
 * against the emulator behind /__payments. It never marks an order paid: the success page reads
 * the order's real state. With `hold` (a draw's entry) the card is authorised, not charged.
 */
export function CardPayment({
  session,
  onSucceeded,
  hold = false,
}: {
  session: CardSession;
  onSucceeded: () => void;
  hold?: boolean;
}) {
  const base = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [step, setStep] = useState<Step>('card');
  const [error, setError] = useState('');
  const total = `USD ${formatPrice(session.amounts.total)}`;

  const settle = (answer: IntentAnswer) => {
    if (paymentDone(answer.status, hold)) {
      onSucceeded();
      return;
    }
    if (answer.status === 'requires_action') {
      setStep('authenticate');
      return;
    }
    setStep('card');
    setError(answer.last_payment_error?.message ?? CHECKOUT_MESSAGES.otherFailure);
  };

  const fail = (reason: unknown) => {
    setStep('card');
    setError(reason instanceof PaymentError ? reason.message : CHECKOUT_MESSAGES.otherFailure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const digits = number.replace(/\D/g, '');
    const exp = parseExpiry(expiry);
    if (digits.length < 12) {
      setError('please enter the card number.');
      return;
    }
    if (!exp) {
      setError('please enter the expiry date as MM / YY.');
      return;
    }
    if (!/^\d{3,4}$/.test(cvc)) {
      setError('please enter the 3 or 4 digit security code.');
      return;
    }
    setStep('confirming');
    try {
      settle(await confirmCard(session, { number: digits, expMonth: exp.month, expYear: exp.year, cvc }));
    } catch (reason) {
      fail(reason);
    }
  };

  const authenticate = async (outcome: 'approve' | 'fail') => {
    setError('');
    setStep('authenticating');
    try {
      settle(await authenticateCard(session, outcome));
    } catch (reason) {
      fail(reason);
    }
  };

  if (session.paymentsMode !== 'local')
    return <StripeCard session={session} total={total} hold={hold} onSucceeded={onSucceeded} />;

  const busy = step === 'confirming' || step === 'authenticating';
  return (
    <section className="checkout-card" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="checkout-section-title">
        card
      </h2>
      {step === 'authenticate' || step === 'authenticating' ? (
        <div className="checkout-3ds">
          <h3 id={`${base}-3ds`} className="checkout-3ds-title">
            authenticate this payment
          </h3>
          <p>
            Your bank asks you to confirm the {hold ? 'authorisation' : 'payment'} of {total}.
          </p>
          <p className="checkout-test-note">
            test mode: this step stands in for your bank's 3-D Secure page.
          </p>
          <div className="checkout-actions">
            <button type="button" className="button" disabled={busy} onClick={() => authenticate('approve')}>
              approve
            </button>
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              onClick={() => authenticate('fail')}
            >
              fail
            </button>
          </div>
        </div>
      ) : (
        <form className="checkout-card-form" onSubmit={submit} noValidate>
          <div className="checkout-fields">
            <div className="checkout-field checkout-field-wide">
              <label htmlFor={`${base}-number`}>card number</label>
              <input
                id={`${base}-number`}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={number}
                onChange={(e) => setNumber(groupDigits(e.target.value))}
              />
            </div>
            <div className="checkout-field">
              <label htmlFor={`${base}-expiry`}>expiry (MM / YY)</label>
              <input
                id={`${base}-expiry`}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
                value={expiry}
                onChange={(e) => setExpiry(e.target.value.slice(0, 7))}
              />
            </div>
            <div className="checkout-field">
              <label htmlFor={`${base}-cvc`}>security code (CVC)</label>
              <input
                id={`${base}-cvc`}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                value={cvc}
                onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
              />
            </div>
          </div>
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
          <button type="submit" className="button checkout-pay" disabled={busy}>
            {busy ? 'confirming…' : `${hold ? 'authorise' : 'pay'} ${total}`}
          </button>
        </form>
      )}
      {error && (
        <p className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
