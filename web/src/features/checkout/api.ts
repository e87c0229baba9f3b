import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../lib/api.ts';

/** What the checkout screens read from the API (functions/checkout, functions/orders). */
export interface PriceWithShipping {
  priceUs: number;
  productName?: string;
  shippingArr: { countryId: string; country: string; price: number }[];
}

export interface CheckoutType {
  id: string;
  name: string;
  label?: string;
  discount?: boolean;
}

/** The server's amounts for a started checkout (the ones charged). */
export interface ServerAmounts {
  productPrice: number;
  discountAmount: number;
  productPriceAfterDiscount: number;
  shippingFee: number;
  taxRate: number;
  tax: number;
  duty: number | string;
  total: number;
  currency: string;
}

export interface CheckoutSession {
  client_secret: string;
  checkoutCode: string;
  /** Epoch milliseconds. */
  holdUntil: number;
  amounts: ServerAmounts;
  publishableKey?: string;
  paymentsMode: 'local' | 'stripe';
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

export interface OrderView {
  checkoutCode: string;
  status: OrderStatus;
  productName?: string;
  finalPrice?: number;
  currency?: string;
  paymentType?: number;
  holdUntil?: number;
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
    queryFn: () => apiGet<{ type: CheckoutType }>('/type', { id }).then((r) => r.type),
  });

export async function checkDiscount(
  discountCode: string,
  typeId: string,
): Promise<{ isCodeValid: boolean; discountAmount: number }> {
  return apiGet('/type-discount', { discountCode, typeId });
}

/** GET /secret with the flat checkout fields (shared/checkout.ts checkoutRequestSchema). */
export function startCardCheckout(fields: Record<string, string>): Promise<CheckoutSession> {
  return apiGet<CheckoutSession>('/secret', fields);
}

export function getOrder(checkoutCode: string): Promise<OrderView> {
  return apiGet<{ order: OrderView }>(`/orders/${encodeURIComponent(checkoutCode)}`).then((r) => r.order);
}

/* The local stand-in for Stripe.js: the same browser calls, to the emulator behind /__payments. */

export interface IntentAnswer {
  status: string;
  last_payment_error?: { message?: string } | null;
}

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

export function confirmCard(session: CheckoutSession, card: CardInput): Promise<IntentAnswer> {
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

export function authenticateCard(
  session: CheckoutSession,
  outcome: 'approve' | 'fail',
): Promise<IntentAnswer> {
  return postForm(`${encodeURIComponent(intentIdOf(session.client_secret))}/authenticate`, {
    key: session.publishableKey ?? '',
    client_secret: session.client_secret,
    outcome,
  });
}
