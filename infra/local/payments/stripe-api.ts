import { randomBytes } from 'node:crypto';

/** Stripe's object shape, ids and error answers, shared by the files of the Stripe stand-in. */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export class StripeApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

export function invalid(message: string, extra: Record<string, unknown> = {}, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });
}
