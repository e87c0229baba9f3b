import { queryOptions } from '@tanstack/react-query';
import { CHECKOUT_KEY_HEADER } from '#shared/checkout.ts';
import type {
  getTypeContract,
  isSoldContract,
  priceWithShippingContract,
} from '#shared/contracts/catalog.ts';
import type {
  getOrderContract,
  releaseCheckoutContract,
  secretContract,
  typeDiscountContract,
} from '#shared/contracts/checkout.ts';
import type { Answer, Body, Query } from '#shared/contracts/contract.ts';
import { ApiError, apiGet, apiPost, apiUrl } from '../../lib/api.ts';
import { retryThrottledOnly } from '../../lib/throttled.ts';

/** What the checkout screens read from the API: the routes' contracts (shared/contracts/). */
export type PriceWithShipping = Answer<typeof priceWithShippingContract>;
export type CheckoutType = Answer<typeof getTypeContract>['type'];
/** A started card checkout: the PaymentIntent's secret, the hold and the server's amounts (the ones charged). */
export type CheckoutSession = Answer<typeof secretContract>;
export type ServerAmounts = CheckoutSession['amounts'];
/** What the card step needs of a start: a checkout's, or a draw entry's (an authorisation held, not captured). */
export type CardSession = Pick<
  CheckoutSession,
  'client_secret' | 'publishableKey' | 'paymentsMode' | 'amounts'
>;
/** The flat checkout fields and the checkout key POST /secret and POST /paypal/orders take. */
export type CheckoutFields = Body<typeof secretContract>;
export type OrderView = Answer<typeof getOrderContract>['order'];

export type Availability = Answer<typeof isSoldContract>;

/**
 * Whether the piece can be bought (GET /is-sold), asked on every visit of the purchase page before
 * its form shows and never kept once the page is left. It is not asked again while the page is
 * open: the shopper's own hold would then read as someone else's.
 */
export const availabilityQuery = (id: string) =>
  queryOptions({
    queryKey: ['availability', id],
    queryFn: () => apiGet<Availability>('/is-sold', { id }),
    staleTime: 0,
    gcTime: 0,
    // A refusal for load never reached the server, so asking again cannot meet the shopper's own hold.
    retry: retryThrottledOnly,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** A failure worth retrying (network, 5xx, too many requests), as opposed to a piece that is not there. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
}

/** Availability matters here: every visit asks fresh. */
export const priceWithShippingQuery = (id: string, tid: string) =>
  queryOptions({
    queryKey: ['price-with-shipping', id, tid],
    queryFn: () => apiGet<PriceWithShipping>('/price-with-shipping', { id, tid }),
    staleTime: 0,
  });

export const checkoutTypeQuery = (id: string) =>
  queryOptions({
    queryKey: ['type', id],
    queryFn: () => apiGet<Answer<typeof getTypeContract>>('/type', { id }).then((r) => r.type),
  });

export async function checkDiscount(
  discountCode: string,
  typeId: string,
): Promise<Answer<typeof typeDiscountContract>> {
  return apiGet('/type-discount', { discountCode, typeId } satisfies Query<typeof typeDiscountContract>);
}

/** POST /secret with the flat checkout fields in the body (never in the URL: personal data). */
export function startCardCheckout(fields: CheckoutFields): Promise<CheckoutSession> {
  return apiPost<CheckoutSession>('/secret', fields);
}

type Release = Body<typeof releaseCheckoutContract>;

/** Cancel: this shopper's own hold ends at once. */
export function releaseCheckout(release: Release): Promise<Answer<typeof releaseCheckoutContract>> {
  return apiPost('/secret/release', release);
}

/** Leaving the page: the same release as a beacon, which the browser sends even as the page goes. */
export function releaseCheckoutOnLeave(release: Release): void {
  const body = new Blob([JSON.stringify(release)], { type: 'application/json' });
  navigator.sendBeacon?.(apiUrl('/secret/release'), body);
}

/** The order's state; with the key behind its code (this tab checked it out), the buyer's details too. */
export function getOrder(checkoutCode: string, checkoutKey?: string): Promise<OrderView> {
  return apiGet<Answer<typeof getOrderContract>>(
    `/orders/${encodeURIComponent(checkoutCode)}`,
    {},
    checkoutKey ? { [CHECKOUT_KEY_HEADER]: checkoutKey } : undefined,
  ).then((r) => r.order);
}

/* The local stand-in for Stripe.js: the same browser calls, to the emulator behind /__payments. */

/** Stripe's PaymentIntent as Stripe's API (here its emulator) answers: not a route of this shop, so no contract. */
export interface IntentAnswer {
  status: string;
  last_payment_error?: { message?: string } | null;
}

/** A payment done: charged, on its way, or (`hold`) authorised and held for a later capture. */
export const paymentDone = (status: string | undefined, hold: boolean) =>
  status === 'succeeded' || status === 'processing' || (hold && status === 'requires_capture');

/** The provider refused (card declined, failed authentication…): its message is shown as is. */
export class PaymentError extends Error {}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

async function postForm(path: string, fields: Record<string, string>): Promise<IntentAnswer> {
  const response = await fetch(`/__payments/v1/payment_intents/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  let body: unknown = {};
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, 'the payment service did not answer');
  }
  const error = (body as { error?: { message?: string; type?: string } }).error;
  if (!response.ok || error) {
    if (error?.type === 'card_error' && error.message) throw new PaymentError(error.message);
    throw new ApiError(response.status, error?.message ?? 'the payment service refused the request');
  }
  return body as IntentAnswer;
}

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export function confirmCard(session: CardSession, card: CardInput): Promise<IntentAnswer> {
  return postForm(`${encodeURIComponent(intentIdOf(session.client_secret))}/confirm`, {
    key: session.publishableKey ?? '',
    client_secret: session.client_secret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number.replace(/[\s-]/g, ''),
    'payment_method_data[card][exp_month]': card.expMonth,
    'payment_method_data[card][exp_year]': card.expYear,
    'payment_method_data[card][cvc]': card.cvc,
  });
}

export function authenticateCard(session: CardSession, outcome: 'approve' | 'fail'): Promise<IntentAnswer> {
  return postForm(`${encodeURIComponent(intentIdOf(session.client_secret))}/authenticate`, {
    key: session.publishableKey ?? '',
    client_secret: session.client_secret,
    outcome,
  });
}
