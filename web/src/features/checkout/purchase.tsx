import '../../components/form-page.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { addressComplete, CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { MESSAGES } from '#shared/messages.ts';
import { timeInWords } from '#shared/time-words.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { type Address, EMPTY_ADDRESS } from '../../components/payment/address-fields.tsx';
import {
  type AppliedDiscount,
  type CheckoutFields,
  checkoutFields,
} from '../../components/payment/checkout-fields.ts';
import {
  checkoutKeyFor,
  forgetStart,
  hasCheckoutKey,
  releaseSettleWait,
  rememberLeaving,
  rememberOrderKey,
  rememberStart,
  startedFields,
} from '../../components/payment/checkout-key.ts';
import { DeliveryFields } from '../../components/payment/delivery-fields.tsx';
import { ExpressCheckout } from '../../components/payment/express-checkout.tsx';
import { OrderSummary } from '../../components/payment/order-summary.tsx';
import { type PaymentMethod, PaymentMethods } from '../../components/payment/payment-methods.tsx';
import { PaymentRefused, PaymentStep } from '../../components/payment/payment-step.tsx';
import { PaypalButton } from '../../components/payment/paypal-button.tsx';
import { priceWithShippingQuery } from '../../components/payment/price-query.ts';
import { shownTermsVersion, TermsBeforePaying } from '../../components/payment/terms-before-paying.tsx';
import { useSummary } from '../../components/payment/use-summary.ts';
import { ApiError } from '../../lib/api.ts';
import { navTarget, useNavValues } from '../../lib/nav-input.ts';
import {
  availabilityQuery,
  type CheckoutSession,
  checkDiscount,
  checkoutTypeQuery,
  holdCardCheckout,
  isTransient,
  releaseCheckout,
  releaseCheckoutOnLeave,
  startCardPayment,
} from './api.ts';
import { BeforeYouBuy } from './before-you-buy.tsx';
import { HoldCountdown } from './hold-countdown.tsx';
import { PAYPAL_CANCELLED, paypalCheckout } from './paypal-checkout.ts';
import './checkout.css';
import { retryThrottledOnly } from '../../lib/throttled.ts';

type DiscountNote = { kind: 'error' | 'ok'; text: string } | undefined;

/** The form a resumed start sent, back into the form's fields. */
function addressesOf(fields: CheckoutFields): { shipping: Address; billing: Address; hasBilling: boolean } {
  const flat = fields as Record<string, string | undefined>;
  const shipping = { ...EMPTY_ADDRESS };
  const billing = { ...EMPTY_ADDRESS };
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof Address)[]) {
    shipping[key] = flat[key] ?? '';
    billing[key] = flat[`${key}Billing`] ?? '';
  }
  return { shipping, billing, hasBilling: flat.hasBilling === 'true' };
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    // Sold, or reserved by someone else for a few minutes: the server says which.
    if (error.status === 406)
      return error.message === CHECKOUT_MESSAGES.reserved ? error.message : CHECKOUT_MESSAGES.alreadySold;
    const known = Object.values(CHECKOUT_MESSAGES) as string[];
    if (error.status === 400 && known.includes(error.message)) return error.message;
  }
  return CHECKOUT_MESSAGES.otherFailure;
}

type PageState =
  | { kind: 'loading' }
  | { kind: 'form' }
  | { kind: 'sold' }
  | { kind: 'reserved'; freeAt?: number }
  | { kind: 'draw'; drawId: string }
  | { kind: 'failed' }
  | { kind: 'missing' };

interface Asked<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * What the purchase page shows before (or instead of) its form: the piece's availability first
 * (sold, held by another shopper), then its price; a failure worth retrying is told apart from a
 * piece that is not there.
 */
function pageState(input: {
  availability: Asked<{ sold: boolean; available: boolean; freeAt?: number; draw?: { drawId: string } }>;
  price: Asked<unknown>;
  ownHold: boolean;
}): PageState {
  const { availability, price, ownHold } = input;
  if (availability.isPending) return { kind: 'loading' };
  if (availability.isError) return isTransient(availability.error) ? { kind: 'failed' } : { kind: 'missing' };
  const answer = availability.data;
  if (answer?.sold) return { kind: 'sold' };
  if (answer?.draw) return { kind: 'draw', drawId: answer.draw.drawId };
  if (answer && !answer.available && !ownHold) {
    return answer.freeAt === undefined ? { kind: 'reserved' } : { kind: 'reserved', freeAt: answer.freeAt };
  }
  if (price.isPending) return { kind: 'loading' };
  if (price.isError) return isTransient(price.error) ? { kind: 'failed' } : { kind: 'missing' };
  return price.data ? { kind: 'form' } : { kind: 'missing' };
}

/** The page's answer when there is no form to fill: sold, reserved, a failure to retry, not found. */
function PurchaseNotice({ state, onRetry }: { state: PageState; onRetry: () => void }) {
  if (state.kind === 'sold') {
    return (
      <p className="checkout-notice" role="alert">
        {MESSAGES.purchaseSold} <Link to="/home">return to the boutique</Link>
      </p>
    );
  }
  if (state.kind === 'draw') {
    return (
      <p className="checkout-notice" role="alert">
        {CHECKOUT_MESSAGES.offeredByDraw} <Link to={`/draw/${state.drawId}`}>enter the draw</Link>
      </p>
    );
  }
  if (state.kind === 'reserved') {
    return (
      <div className="checkout-notice" role="alert">
        <p>{CHECKOUT_MESSAGES.reserved}</p>
        {state.freeAt !== undefined && (
          <p className="checkout-free-at">
            its reservation ends by{' '}
            <time dateTime={new Date(state.freeAt).toISOString()}>{timeInWords(new Date(state.freeAt))}</time>
            .
          </p>
        )}
        <button type="button" className="button button-quiet" onClick={onRetry}>
          check again
        </button>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="checkout-notice" role="alert">
        <p>{MESSAGES.priceFailed}</p>
        <button type="button" className="button button-quiet" onClick={onRetry}>
          try again
        </button>
      </div>
    );
  }
  return (
    <p className="checkout-notice" role="alert">
      this piece cannot be found. <Link to="/home">return to the boutique</Link>
    </p>
  );
}

/**
 * /products/purchase (001 §2; inputs product and type from the navigation state or the address):
 * contact and shipping address, optional billing address, a live order summary, discount code,
 * card or PayPal. "Continue to payment" holds the piece (POST /checkout/hold) while the shopper
 * enters the card; the pay click, the card collected, has the server create the payment (POST
 * /secret, the same fields: Stripe's deferred intent). The amounts charged are always the server's.
 */
export function Purchase() {
  const values = useNavValues();
  const productId = values.product;
  const typeId = values.type;
  const navigate = useNavigate();
  const base = useId();

  // Before the form: can the piece be bought? (The server checks again when checkout starts.)
  const availability = useQuery({
    ...availabilityQuery(productId ?? ''),
    enabled: Boolean(productId && typeId),
  });
  const price = useQuery({
    ...priceWithShippingQuery(productId ?? '', typeId ?? ''),
    enabled: Boolean(productId && typeId),
    retry: retryThrottledOnly,
  });
  const type = useQuery({ ...checkoutTypeQuery(typeId ?? ''), enabled: Boolean(typeId) });

  const [shipping, setShipping] = useState<Address>(EMPTY_ADDRESS);
  const [hasBilling, setHasBilling] = useState(false);
  const [billing, setBilling] = useState<Address>(EMPTY_ADDRESS);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [codeInput, setCodeInput] = useState('');
  const [discount, setDiscount] = useState<AppliedDiscount>();
  const [discountNote, setDiscountNote] = useState<DiscountNote>();
  const [checkingCode, setCheckingCode] = useState(false);
  const [formError, setFormError] = useState('');
  const [starting, setStarting] = useState(false);
  const [session, setSession] = useState<CheckoutSession>();
  const [paypalNote, setPaypalNote] = useState('');
  const [paypalHeld, setPaypalHeld] = useState(false);
  const resumed = useRef(false);
  /** The fields the piece is held with: the pay click's POST /secret sends the very same. */
  const heldFields = useRef<CheckoutFields | undefined>(undefined);

  const showPaidOrder = (checkoutCode: string) => {
    if (productId) forgetStart(productId, { key: true });
    const values = { checkoutCode };
    navigate(navTarget('/products/success', values), { state: values });
  };

  const startCard = async (fields: CheckoutFields) => {
    try {
      const started = await holdCardCheckout(fields);
      rememberOrderKey(started.checkoutCode, fields.checkoutKey);
      rememberStart(fields.id, fields);
      heldFields.current = fields;
      setSession(started);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && typeof error.body.checkoutCode === 'string') {
        rememberOrderKey(error.body.checkoutCode, fields.checkoutKey);
        showPaidOrder(error.body.checkoutCode);
        return;
      }
      forgetStart(fields.id);
      throw error;
    }
  };

  // A reload of the payment step: the same key and form again, so the same order, hold and
  // countdown come back (a payment, if one was made already, is the pay click's again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render with a product
  useEffect(() => {
    if (resumed.current || !productId) return;
    resumed.current = true;
    const fields = startedFields(productId);
    if (!fields) return;
    const restored = addressesOf(fields);
    setShipping(restored.shipping);
    setBilling(restored.billing);
    setHasBilling(restored.hasBilling);
    setStarting(true);
    // After a reload, the old page's release beacon lands first, then the hold is taken again.
    // (No cleanup: the resume runs once per page, as the `resumed` guard says.)
    setTimeout(() => {
      startCard(fields)
        .catch((error: unknown) => setFormError(failureText(error)))
        .finally(() => setStarting(false));
    }, releaseSettleWait(productId));
  }, [productId]);

  // Leaving the page (closing the tab, going elsewhere) gives the piece back at once.
  useEffect(() => {
    if (!(session || paypalHeld) || !productId) return;
    const release = { id: productId, checkoutKey: checkoutKeyFor(productId) };
    const leave = () => {
      rememberLeaving(productId);
      releaseCheckoutOnLeave(release);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [session, paypalHeld, productId]);

  const summary = useSummary(price.data, shipping, discount?.percent ?? 0);

  if (!productId || !typeId) return <Navigate to="/" replace />;
  const state = pageState({
    availability,
    price,
    // A hold this tab may have made itself (a reload of the payment step, a back from PayPal).
    ownHold: Boolean(session) || paypalHeld || starting || hasCheckoutKey(productId),
  });
  if (state.kind === 'loading') {
    return (
      <main className="checkout-page">
        <Loading />
      </main>
    );
  }
  if (state.kind !== 'form' || !price.data || !summary) {
    const retry = () => {
      void availability.refetch();
      void price.refetch();
    };
    return (
      <main className="checkout-page checkout-narrow">
        <BackButton />
        <PurchaseNotice state={state} onRetry={retry} />
      </main>
    );
  }

  const productName = price.data.productName ?? type.data?.label ?? type.data?.name ?? 'your piece';
  const collection = type.data ? type.data.label?.trim() || type.data.name : undefined;
  const locked = Boolean(session) || starting;

  const applyCode = async (event: FormEvent) => {
    event.preventDefault();
    if (discount) {
      setDiscountNote({ kind: 'error', text: CHECKOUT_MESSAGES.discountApplied });
      return;
    }
    const code = codeInput.trim();
    if (!code) {
      setDiscountNote({ kind: 'error', text: CHECKOUT_MESSAGES.invalidDiscount });
      return;
    }
    setCheckingCode(true);
    setDiscountNote(undefined);
    try {
      const answer = await checkDiscount(code, typeId);
      if (answer.isCodeValid) {
        setDiscount({ code, percent: answer.discountAmount });
        setDiscountNote({
          kind: 'ok',
          text: `${code.toUpperCase()} applied: ${answer.discountAmount} % off the piece.`,
        });
      } else {
        setDiscountNote({ kind: 'error', text: CHECKOUT_MESSAGES.invalidDiscount });
      }
    } catch {
      setDiscountNote({ kind: 'error', text: CHECKOUT_MESSAGES.discountError });
    } finally {
      setCheckingCode(false);
    }
  };

  /** The form's fields for a start, or undefined with the reason shown. */
  const readyFields = () => {
    setFormError('');
    setPaypalNote('');
    if (!addressComplete(shipping)) {
      setFormError(CHECKOUT_MESSAGES.fillAllFields);
      return undefined;
    }
    if (hasBilling && !addressComplete(billing)) {
      setFormError(CHECKOUT_MESSAGES.fillBilling);
      return undefined;
    }
    if (summary.pending === 'not-shipped') {
      setFormError(`this piece cannot be shipped to ${summary.countryLabel} yet. please contact us.`);
      return undefined;
    }
    return {
      ...checkoutFields({
        checkoutKey: checkoutKeyFor(productId),
        id: productId,
        typeId,
        paymentType: method === 'card' ? '1' : '2',
        shipping,
        hasBilling,
        billing,
        discount,
      }),
      ...shownTermsVersion(),
    };
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    // PayPal starts from its own button (its window opens in the click).
    if (method !== 'card') return;
    const fields = readyFields();
    if (!fields) return;
    setStarting(true);
    try {
      await startCard(fields);
    } catch (error) {
      setFormError(failureText(error));
    } finally {
      setStarting(false);
    }
  };

  const paypal = paypalCheckout({
    readyFields,
    onOrder: (started, fields) => {
      rememberOrderKey(started.checkoutCode, fields.checkoutKey);
      setPaypalHeld(true);
    },
    onPaid: showPaidOrder,
    onCancelled: () => setPaypalNote(PAYPAL_CANCELLED),
    onFailed: (error) => setFormError(failureText(error)),
  });

  /** The pay click, the card collected: the server creates this held order's payment for its amount. */
  const cardIntent = async (): Promise<string> => {
    const fields = heldFields.current;
    if (!fields) throw new Error('no held checkout to pay');
    try {
      return (await startCardPayment(fields)).client_secret;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && typeof error.body.checkoutCode === 'string') {
        rememberOrderKey(error.body.checkoutCode, fields.checkoutKey);
        showPaidOrder(error.body.checkoutCode);
        throw new PaymentRefused(CHECKOUT_MESSAGES.alreadyPaid);
      }
      // Sold or reserved meanwhile, or a form the server refuses: its reason, in the page's words.
      if (error instanceof ApiError && (error.status === 406 || error.status === 400))
        throw new PaymentRefused(failureText(error));
      throw error;
    }
  };

  const succeeded = () => {
    if (!session) return;
    showPaidOrder(session.checkoutCode);
  };

  const restart = () => {
    forgetStart(productId);
    heldFields.current = undefined;
    setSession(undefined);
    setFormError('');
  };

  const cancel = async () => {
    try {
      await releaseCheckout({ id: productId, checkoutKey: checkoutKeyFor(productId) });
    } catch {
      // The hold runs out by itself within minutes.
    }
    restart();
  };

  return (
    <main className="checkout-page">
      <BackButton />
      <p className="checkout-kicker">checkout</p>
      <h1 className="checkout-title">{productName}</h1>
      {collection && collection !== productName && <p className="checkout-subtitle">{collection}</p>}
      <hr className="checkout-rule" />

      <div className="checkout-grid">
        <aside className="checkout-aside" aria-labelledby={`${base}-summary`}>
          <OrderSummary
            titleId={`${base}-summary`}
            productName={productName}
            summary={summary}
            discount={discount}
            serverAmounts={session?.amounts}
          />
          <form className="checkout-discount" onSubmit={applyCode} noValidate>
            <label htmlFor={`${base}-code`}>discount code</label>
            <div className="checkout-discount-row">
              <input
                id={`${base}-code`}
                value={codeInput}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                disabled={locked}
                onChange={(e) => setCodeInput(e.target.value)}
              />
              <button type="submit" className="button button-quiet" disabled={checkingCode || locked}>
                apply
              </button>
            </div>
            {discountNote && (
              <p
                className={discountNote.kind === 'error' ? 'checkout-error' : 'checkout-ok'}
                role={discountNote.kind === 'error' ? 'alert' : 'status'}
              >
                {discountNote.text}
              </p>
            )}
          </form>
          <BeforeYouBuy typeId={typeId} />
        </aside>
        <div className="checkout-main">
          {!locked && (
            // Wallets first (issue 46): a wallet's sheet gives the address and pays, no form to fill.
            <ExpressCheckout
              productId={productId}
              typeId={typeId}
              discountCode={discount?.code}
              onPaid={showPaidOrder}
            />
          )}
          <form className="checkout-form" onSubmit={pay} noValidate aria-label="delivery and payment">
            <DeliveryFields
              locked={locked}
              shipping={shipping}
              onShipping={setShipping}
              hasBilling={hasBilling}
              onHasBilling={setHasBilling}
              billing={billing}
              onBilling={setBilling}
            />

            <PaymentMethods locked={locked} method={method} onMethod={setMethod} />

            {!session && (
              <div className="checkout-submit">
                <TermsBeforePaying />
                {formError && (
                  <p className="checkout-error" role="alert">
                    {formError}
                  </p>
                )}
                {paypalNote && (
                  <p className="checkout-ok" role="status">
                    {paypalNote}
                  </p>
                )}
                {method === 'card' ? (
                  <button type="submit" className="button checkout-pay" disabled={starting}>
                    {starting ? 'one moment…' : 'continue to payment'}
                  </button>
                ) : (
                  <PaypalButton label="pay with PayPal" {...paypal} />
                )}
                <p className="checkout-note">
                  {method === 'card'
                    ? `The piece is reserved for you while you enter your card.`
                    : 'PayPal opens in a window of its own; the piece is reserved for you while you approve.'}
                </p>
              </div>
            )}
          </form>

          {session && (
            <div className="checkout-payment">
              <HoldCountdown until={session.holdUntil} onRestart={restart}>
                <PaymentStep session={session} onSucceeded={succeeded} intent={cardIntent} />
              </HoldCountdown>
              <button type="button" className="checkout-cancel" onClick={cancel}>
                cancel and release the piece
              </button>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
