import { queryOptions } from '@tanstack/react-query';
import { CHECKOUT_KEY_HEADER } from '#shared/checkout.ts';
import type { CheckoutFields } from '../../components/payment/checkout-fields.ts';
import { ApiError, apiGet, apiPost, callUrl } from '../../lib/api.ts';
import type { PublicAnswer, PublicBody } from '../../lib/api-types.ts';
import { retryThrottledOnly } from '../../lib/throttled.ts';

/** What the checkout screens read from the API, as its document describes it (lib/api-types.ts). */
export type CheckoutType = PublicAnswer<'/type'>['type'];
/** A held card checkout: the order, the hold and the server's amounts (the ones charged); no payment yet. */
export type CheckoutSession = PublicAnswer<'/checkout/hold', 'post'>;
/** The card payment of a held checkout: the PaymentIntent's secret, and the hold and amounts again. */
export type CardPayment = PublicAnswer<'/secret', 'post'>;
export type OrderView = PublicAnswer<'/orders/{id}'>['order'];

export type Availability = PublicAnswer<'/is-sold'>;

/**
 * Whether the piece can be bought (GET /is-sold), asked on every visit of the purchase page before
 * its form shows and never kept once the page is left. It is not asked again while the page is
 * open: the shopper's own hold would then read as someone else's.
 */
export const availabilityQuery = (id: string) =>
  queryOptions({
    queryKey: ['availability', id],
    queryFn: () => apiGet('/is-sold', { id }),
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

export const checkoutTypeQuery = (id: string) =>
  queryOptions({
    queryKey: ['type', id],
    queryFn: () => apiGet('/type', { id }).then((r) => r.type),
  });

export async function checkDiscount(
  discountCode: string,
  typeId: string,
): Promise<PublicAnswer<'/type-discount'>> {
  return apiGet('/type-discount', { discountCode, typeId });
}

/**
 * "Continue to payment": POST /checkout/hold with the flat checkout fields in the body (never in
 * the URL: personal data). The piece is held for this shopper; no payment exists yet.
 */
export function holdCardCheckout(fields: CheckoutFields): Promise<CheckoutSession> {
  return apiPost('/checkout/hold', fields);
}

/**
 * The pay click, once the Payment Element has the card: POST /secret with the same fields (the
 * same key, so the same order and hold) creates the PaymentIntent for the server's amount.
 */
export function startCardPayment(fields: CheckoutFields): Promise<CardPayment> {
  return apiPost('/secret', fields);
}

type Release = PublicBody<'/secret/release'>;

/** Cancel: this shopper's own hold ends at once. */
export function releaseCheckout(release: Release): Promise<PublicAnswer<'/secret/release', 'post'>> {
  return apiPost('/secret/release', release);
}

/** Leaving the page: the same release as a beacon, which the browser sends even as the page goes. */
export function releaseCheckoutOnLeave(release: Release): void {
  const body = new Blob([JSON.stringify(release)], { type: 'application/json' });
  navigator.sendBeacon?.(callUrl('/secret/release'), body);
}

/** The order's state; with the key behind its code (this tab checked it out), the buyer's details too. */
export function getOrder(checkoutCode: string, checkoutKey?: string): Promise<OrderView> {
  return apiGet(
    '/orders/{id}',
    { id: checkoutCode },
    checkoutKey ? { [CHECKOUT_KEY_HEADER]: checkoutKey } : undefined,
  ).then((r) => r.order);
}
