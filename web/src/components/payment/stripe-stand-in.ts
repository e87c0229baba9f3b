import { ApiError } from '../../lib/api.ts';
import type { CardSession } from './card-session.ts';

/* The local stand-in for Stripe.js: the same browser calls, to the emulator behind /__payments. */

/** Stripe's PaymentIntent as Stripe's API (here its emulator) answers: not a route of this shop, so no contract. */
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
