import type {
  Stripe,
  StripeElements,
  StripeExpressCheckoutElement,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
} from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';
import { paymentDone } from './card-session.ts';
import type { CheckoutFields } from './checkout-fields.ts';
import { checkoutKeyFor, hasCheckoutKey, rememberOrderKey } from './checkout-key.ts';
import { loadStripeJs } from './load-stripe.ts';
import { shownTermsVersion } from './terms-before-paying.tsx';

export interface ExpressCheckoutProps {
  productId: string;
  typeId: string;
  /** A discount the purchase page applied (the server checks it again). */
  discountCode?: string | undefined;
  /** Paid (or already paid with this tab's key): the page shows the order. */
  onPaid: (checkoutCode: string) => void;
}

type Quote = PublicAnswer<'/checkout/quote', 'post'>;
type Amounts = Quote['amounts'];
interface Where {
  country: string;
  state?: string | undefined;
  city?: string | undefined;
}

const cents = (usd: number) => Math.round(usd * 100);

/** How long a press waits for the server's fresh quote before the sheet opens with the last one (Stripe allows 1 s). */
const PRESS_DEADLINE_MS = 700;

const DEFAULT_REGION: Record<string, string> = { CA: 'ON', US: 'NY' };

function openingPlace(countries: string[]): Where {
  const plain = countries.find((c) => !(c in DEFAULT_REGION));
  if (plain) return { country: plain };
  const country = countries[0] ?? 'CA';
  return { country, state: DEFAULT_REGION[country] };
}

/** What the wallet's sheet lists: the piece, its tax; the shipping as the one rate (their sum is the total). */
function sheetLines(productName: string, amounts: Amounts) {
  return {
    lineItems: [
      { name: productName, amount: cents(amounts.productPriceAfterDiscount) },
      { name: 'tax', amount: cents(amounts.tax) },
    ],
    shippingRates: [{ id: 'insured', displayName: 'insured shipping', amount: cents(amounts.shippingFee) }],
  };
}

/** Why a piece cannot be paid for now, in the shop's words: sold, held by another shopper, or not shipped there. */
function refusal(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 406)
      return error.message === CHECKOUT_MESSAGES.reserved ? error.message : CHECKOUT_MESSAGES.alreadySold;
    if (error.status === 400 && (Object.values(CHECKOUT_MESSAGES) as string[]).includes(error.message))
      return error.message;
  }
  return CHECKOUT_MESSAGES.otherFailure;
}

/**
 * The Express Checkout Element itself (loaded by express-checkout.tsx once its area is near the
 * screen). Every amount is the server's: POST /checkout/quote when the page loads it, again on
 * each press (a sold or held piece never reaches the sheet) and at each address the sheet
 * chooses; the confirm takes the hold and the PaymentIntent (POST /secret, as the Payment
 * Element's path does), then `stripe.confirmPayment`. The page never marks the order paid: the
 * success page reads it, the webhook sets it.
 */
export default function WalletButtons({ productId, typeId, discountCode, onPaid }: ExpressCheckoutProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [message, setMessage] = useState('');
  // The latest props, for the element's handlers (registered once).
  const latest = useRef({ discountCode, onPaid });
  latest.current = { discountCode, onPaid };

  useEffect(() => {
    let cancelled = false;
    let element: StripeExpressCheckoutElement | undefined;
    const quote = (where: Where) =>
      apiPost('/checkout/quote', {
        id: productId,
        typeId,
        country: where.country,
        ...(where.state ? { state: where.state } : {}),
        ...(where.city ? { city: where.city } : {}),
        ...(latest.current.discountCode ? { discountCode: latest.current.discountCode } : {}),
        // This tab's own hold (a payment it left unfinished) is no one else's.
        ...(hasCheckoutKey(productId) ? { checkoutKey: checkoutKeyFor(productId) } : {}),
      });

    (async () => {
      const price = await apiGet('/price-with-shipping', { id: productId, tid: typeId });
      const countries = price.shippingArr.map((s) => s.countryId);
      if (countries.length === 0 || cancelled) return;
      // A first amount for the element, until the wallet gives its address: a country without
      // provinces or states if the collection ships to one, else a region of Canada or the USA.
      let last: Where = openingPlace(countries);
      // The newest amounts the server gave, for a press its fresh quote cannot answer in time.
      let known: Quote;
      let opening: Quote;
      try {
        opening = await quote(last);
        known = opening;
      } catch (error) {
        if (!cancelled) setMessage(refusal(error));
        return;
      }
      const stripe: Stripe = await loadStripeJs(opening.publishableKey ?? '', opening.paymentsMode);
      if (cancelled || !mount.current) return;
      const elements: StripeElements = stripe.elements({
        mode: 'payment',
        amount: cents(opening.amounts.total),
        currency: 'usd',
      });
      const express = elements.create('expressCheckout', {
        buttonHeight: 48,
        buttonType: { applePay: 'buy', googlePay: 'buy' },
        layout: { maxColumns: 3, maxRows: 1, overflow: 'never' },
      });
      element = express;

      express.on('ready', ({ availablePaymentMethods }) => {
        if (!cancelled) setShown(Boolean(availablePaymentMethods));
      });

      // Stripe opens the sheet only if resolve comes within a second of the press. A fresh quote
      // usually does (a sold or held piece never reaches the sheet); one slower than the
      // deadline (a cold function) opens the sheet with the last quote instead, and its late
      // refusal is said on the page: the confirm's POST /secret refuses such a piece anyway.
      express.on('click', (event: StripeExpressCheckoutElementClickEvent) => {
        setMessage('');
        const asked = quote(last).then((fresh) => {
          known = fresh;
          return fresh;
        });
        const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), PRESS_DEADLINE_MS));
        Promise.race([asked, late])
          .then(async (answer) => {
            const priced = answer === 'late' ? known : answer;
            if (answer === 'late') asked.catch((error: unknown) => setMessage(refusal(error)));
            await elements.update({ amount: cents(priced.amounts.total) });
            event.resolve({
              emailRequired: true,
              phoneNumberRequired: true,
              shippingAddressRequired: true,
              allowedShippingCountries: countries,
              ...sheetLines(priced.productName, priced.amounts),
            });
          })
          .catch((error: unknown) => {
            event.reject();
            setMessage(refusal(error));
          });
      });

      express.on('shippingaddresschange', (event: StripeExpressCheckoutElementShippingAddressChangeEvent) => {
        const where: Where = {
          country: event.address.country,
          state: event.address.state || undefined,
          city: event.address.city || undefined,
        };
        quote(where)
          .then(async (fresh) => {
            last = where;
            known = fresh;
            await elements.update({ amount: cents(fresh.amounts.total) });
            event.resolve(sheetLines(fresh.productName, fresh.amounts));
          })
          .catch((error: unknown) => {
            event.reject();
            if (error instanceof ApiError && error.status === 406) setMessage(refusal(error));
          });
      });

      express.on('confirm', (event: StripeExpressCheckoutElementConfirmEvent) => {
        void confirm(stripe, elements, event);
      });
      express.on('cancel', () => setMessage(''));
      express.mount(mount.current);
    })().catch(() => {
      if (!cancelled) setMessage(CHECKOUT_MESSAGES.otherFailure);
    });

    const confirm = async (
      stripe: Stripe,
      elements: StripeElements,
      event: StripeExpressCheckoutElementConfirmEvent,
    ) => {
      const shipping = event.shippingAddress?.address;
      const billing = event.billingDetails;
      const checkoutKey = checkoutKeyFor(productId);
      const line = (text: string | null | undefined) => (text ?? '').trim();
      const fields: CheckoutFields = {
        checkoutKey,
        id: productId,
        typeId,
        paymentType: '1',
        hasBilling: 'false',
        name: line(event.shippingAddress?.name || billing?.name),
        phone: line(billing?.phone),
        email: line(billing?.email),
        address1: line(shipping?.line1),
        ...(line(shipping?.line2) ? { address2: line(shipping?.line2) } : {}),
        city: line(shipping?.city),
        ...(line(shipping?.state) ? { state: line(shipping?.state) } : {}),
        country: line(shipping?.country),
        ...(line(shipping?.postal_code) ? { postalCode: line(shipping?.postal_code) } : {}),
        ...(latest.current.discountCode ? { discountCode: latest.current.discountCode } : {}),
        ...shownTermsVersion(),
      };
      let checkoutCode: string;
      let clientSecret: string;
      try {
        const started = await apiPost('/secret', fields);
        checkoutCode = started.checkoutCode;
        clientSecret = started.client_secret;
        rememberOrderKey(checkoutCode, checkoutKey);
      } catch (error) {
        // Paid already with this tab's key: the order is shown.
        if (
          error instanceof ApiError &&
          error.status === 409 &&
          typeof error.body.checkoutCode === 'string'
        ) {
          event.paymentFailed();
          rememberOrderKey(error.body.checkoutCode, checkoutKey);
          latest.current.onPaid(error.body.checkoutCode);
          return;
        }
        event.paymentFailed({ reason: 'fail' });
        setMessage(refusal(error));
        return;
      }
      const result = await stripe.confirmPayment({
        elements,
        clientSecret,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (!result.error && paymentDone(result.paymentIntent.status, false)) {
        latest.current.onPaid(checkoutCode);
        return;
      }
      event.paymentFailed({ reason: 'fail' });
      setMessage(
        result.error?.type === 'card_error' && result.error.message
          ? result.error.message
          : CHECKOUT_MESSAGES.otherFailure,
      );
      // The hold this confirm took ends now: the piece is free again.
      void apiPost('/secret/release', { id: productId, checkoutKey }).catch(() => undefined);
    };

    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [productId, typeId]);

  return (
    <>
      <div ref={mount} className="express-checkout-element" data-shown={shown ? 'true' : 'false'} />
      {message && (
        <p className="express-checkout-error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}
