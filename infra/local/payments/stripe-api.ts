import { randomBytes } from 'node:crypto';
import { ProviderApiError } from './provider-api-error.ts';

/** Stripe's object shape, ids and error answers, shared by the files of the Stripe stand-in. */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export class StripeApiError extends ProviderApiError {}

export function invalid(message: string, extra: Record<string, unknown> = {}, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });
}
