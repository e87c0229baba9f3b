import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { addressComplete, CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { formatPrice } from '#shared/format.ts';
import { Loading } from '../../components/page.tsx';
import { type Address, EMPTY_ADDRESS } from '../../components/payment/address-fields.tsx';
import { checkoutFields } from '../../components/payment/checkout-fields.ts';
import { DeliveryFields } from '../../components/payment/delivery-fields.tsx';
import { OrderSummary } from '../../components/payment/order-summary.tsx';
import { type PaymentMethod, PaymentMethods } from '../../components/payment/payment-methods.tsx';
import { PaymentRefused, PaymentStep } from '../../components/payment/payment-step.tsx';
import { PaypalButton } from '../../components/payment/paypal-button.tsx';
import { priceWithShippingQuery } from '../../components/payment/price-query.ts';
import { shownTermsVersion, TermsBeforePaying } from '../../components/payment/terms-before-paying.tsx';
import { useSummary } from '../../components/payment/use-summary.ts';
import { ApiError } from '../../lib/api.ts';
import type { PublicBody } from '../../lib/api-types.ts';
import { productQuery } from '../catalog/api.ts';
import { confirmEntry, type EnteredDraw, enterDraw, type PublicDraw } from './api.ts';
import { entryKeyFor, entryPage, forgetEntryKey, rememberToken } from './entry-token.ts';
import { WithMemberLink } from './member-link.tsx';
import { PAYPAL_ENTRY_CANCELLED, paypalEntry } from './paypal-entry.ts';

/** The server's refusal as it words it (DRAW_MESSAGES, CHECKOUT_MESSAGES); anything else, checkout's. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  if (error instanceof ApiError && error.status === 502) return DRAW_MESSAGES.paymentFailed;
  return CHECKOUT_MESSAGES.otherFailure;
}

interface Started extends EnteredDraw {
  token: string;
  /** The entry's body, sent again without `authorise: 'later'` at the pay click. */
  body: PublicBody<'/draws/{drawId}/entries'>;
}

/**
 * A member's entry, opened by the link mailed to them: the purchase page's contact and delivery
 * form (the payment kit, components/payment/) with the link's e-mail fixed (the same amounts: tax
 * and shipping for the address), then the card step, which authorises the total without charging
 * it (the entry is made at "continue to the card", its authorisation only at the pay click, once
 * the element took the card); once the card authorised, the entry is confirmed and its page opens.
 */
export function EntryForm({ draw, link }: { draw: PublicDraw; link: { token: string; email: string } }) {
  const base = useId();
  const navigate = useNavigate();
  const product = useQuery(productQuery(draw.pid));
  const typeId = product.data?.typeId ?? '';
  const price = useQuery({ ...priceWithShippingQuery(draw.pid, typeId), enabled: Boolean(typeId) });
  const [shipping, setShipping] = useState<Address>({ ...EMPTY_ADDRESS, email: link.email });
  // A link makes one entry: once one was made (or refused for good), the next needs a new link.
  const [spent, setSpent] = useState(false);
  const [hasBilling, setHasBilling] = useState(false);
  const [billing, setBilling] = useState<Address>(EMPTY_ADDRESS);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<Started>();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [paypalNote, setPaypalNote] = useState('');

  const summary = useSummary(price.data, shipping, 0);

  if (product.isPending || price.isPending || !summary) {
    return product.isError || price.isError ? (
      <p className="checkout-error" role="alert">
        {CHECKOUT_MESSAGES.otherFailure}
      </p>
    ) : (
      <Loading />
    );
  }

  /** The entry's fields, or undefined with the reason shown. */
  const readyFields = () => {
    setError('');
    setPaypalNote('');
    if (!addressComplete(shipping)) return void setError(CHECKOUT_MESSAGES.fillAllFields);
    if (hasBilling && !addressComplete(billing)) return void setError(CHECKOUT_MESSAGES.fillBilling);
    if (summary.pending === 'not-shipped')
      return void setError(`this piece cannot be shipped to ${summary.countryLabel} yet. please contact us.`);
    const token = entryKeyFor(draw.drawId);
    const fields = checkoutFields({
      checkoutKey: token,
      id: draw.pid,
      typeId,
      paymentType: method === 'paypal' ? '2' : '1',
      shipping: { ...shipping, email: link.email },
      hasBilling,
      billing,
    });
    return { token, body: { ...fields, ...shownTermsVersion(), link: link.token } };
  };

  const refused = (reason: unknown) => {
    setError(refusalText(reason));
    if (reason instanceof ApiError && (reason.status === 410 || reason.status === 403)) setSpent(true);
  };

  const enter = async (event: FormEvent) => {
    event.preventDefault();
    // PayPal starts from its own button (its window opens in the click).
    if (method === 'paypal') return;
    const ready = readyFields();
    if (!ready) return;
    setStarting(true);
    try {
      // The entry and its refusals now; the card's authorisation only at the pay click (below).
      const answer = await enterDraw(draw.drawId, { ...ready.body, authorise: 'later' });
      rememberToken(answer.entryId, ready.token);
      setStarted({ ...answer, token: ready.token, body: ready.body });
    } catch (reason) {
      refused(reason);
    } finally {
      setStarting(false);
    }
  };

  const paypal = paypalEntry({
    drawId: draw.drawId,
    readyFields,
    onEntered: (entered) => rememberToken(entered.entryId, entered.token),
    onConfirmed: (entered) => {
      forgetEntryKey(draw.drawId);
      navigate(entryPage(draw.drawId, entered.entryId, entered.token));
    },
    onCancelled: () => setPaypalNote(PAYPAL_ENTRY_CANCELLED),
    onRefused: refused,
    onConfirmRefused: (reason) => {
      setError(refusalText(reason));
      // As the card's: refused for a claim another binding entry holds, the next try needs a new link.
      if (
        reason instanceof ApiError &&
        reason.status === 409 &&
        reason.message !== DRAW_MESSAGES.notAuthorised
      ) {
        forgetEntryKey(draw.drawId);
        setSpent(true);
      }
    },
  });

  /**
   * The pay click, once the Payment Element took the card (Stripe's deferred intent): the same
   * entry again, now starting its authorisation of the server's amount; its client secret.
   */
  const authorisation = async () => {
    if (!started) throw new Error('no entry');
    try {
      const answer = await enterDraw(draw.drawId, started.body);
      if (!answer.client_secret) throw new Error('no authorisation');
      return answer.client_secret;
    } catch (error) {
      // The draw's own refusal (closed meanwhile, the card could not be started…), in its words.
      if (error instanceof ApiError && (Object.values(DRAW_MESSAGES) as string[]).includes(error.message))
        throw new PaymentRefused(error.message);
      throw error;
    }
  };

  const authorised = async () => {
    if (!started) return;
    setError('');
    try {
      await confirmEntry(draw.drawId, started.entryId, started.token);
      forgetEntryKey(draw.drawId);
      navigate(entryPage(draw.drawId, started.entryId, started.token));
    } catch (reason) {
      setError(refusalText(reason));
      // Refused for a claim another binding entry holds: the next try is a new entry, with a new link.
      if (
        reason instanceof ApiError &&
        reason.status === 409 &&
        reason.message !== DRAW_MESSAGES.notAuthorised
      ) {
        forgetEntryKey(draw.drawId);
        setStarted(undefined);
        setSpent(true);
      }
    }
  };

  const locked = Boolean(started) || starting;
  return (
    <section className="draw-entry" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="checkout-section-title">
        enter the draw
      </h2>
      <div className="checkout-grid">
        <aside className="checkout-aside" aria-labelledby={`${base}-summary`}>
          <OrderSummary
            titleId={`${base}-summary`}
            productName={draw.pieceName}
            summary={summary}
            discount={undefined}
            serverAmounts={started?.amounts}
          />
        </aside>
        <div className="checkout-main">
          <form className="checkout-form" onSubmit={enter} noValidate aria-label="your entry">
            <p className="checkout-note draw-members-only">
              You enter as {link.email}: the member's address this link was mailed to. One entry per person,
              card and address.
            </p>
            <DeliveryFields
              emailFixed
              locked={locked}
              shipping={shipping}
              onShipping={setShipping}
              hasBilling={hasBilling}
              onHasBilling={setHasBilling}
              billing={billing}
              onBilling={setBilling}
            />
            <PaymentMethods locked={locked} method={method} onMethod={setMethod} />
            {!started && !spent && (
              <div className="checkout-submit">
                <TermsBeforePaying />
                {paypalNote && (
                  <p className="checkout-ok" role="status">
                    {paypalNote}
                  </p>
                )}
                {method === 'card' ? (
                  <button type="submit" className="button checkout-pay" disabled={starting}>
                    {starting ? 'one moment…' : 'continue to the card'}
                  </button>
                ) : (
                  <PaypalButton label="authorise with PayPal" {...paypal} />
                )}
                <p className="checkout-note">
                  {method === 'card' ? 'Your card' : 'PayPal'} authorises the total now; it is charged only if
                  you win. If you do not, the authorisation is released.
                </p>
              </div>
            )}
          </form>
          {error && (
            <p className="checkout-error" role="alert">
              <WithMemberLink text={error} />
            </p>
          )}
          {spent && (
            <p className="checkout-note draw-again">
              <Link to={`/draw/${draw.drawId}`}>ask for a new link</Link>
            </p>
          )}
          {started && (
            <div className="checkout-payment">
              <p className="checkout-hold">
                USD {formatPrice(started.amounts.total)} is authorised on your card or wallet now, and charged
                only if you win.
              </p>
              <PaymentStep
                session={{
                  ...started,
                  // No PaymentIntent yet: `intent` makes it at the pay click.
                  paymentsMode: started.paymentsMode ?? 'stripe',
                }}
                hold
                intent={authorisation}
                onSucceeded={() => void authorised()}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
