import { randomBytes } from 'node:crypto';
import { ProviderApiError } from './provider-api-error.ts';

/** PayPal's error answers, ids and times, shared by the files of the PayPal stand-in. */

export type PaypalObject = Record<string, unknown> & { id: string };

export class PaypalApiError extends ProviderApiError {}

export const messages = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
} as const;

const statusOf = {
  INVALID_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 422,
  RESOURCE_NOT_FOUND: 404,
  AUTHENTICATION_FAILURE: 401,
} as const;

/** PayPal's error shape: name, message, debug_id, details[{ field, value, location, issue, description }], links. */
export function paypalError(
  name: keyof typeof messages,
  details: { field?: string; value?: string; location?: string; issue: string; description: string }[],
  api: 'orders' | 'payments' = 'orders',
): PaypalApiError {
  return new PaypalApiError(statusOf[name], {
    name,
    message: messages[name],
    debug_id: randomBytes(7).toString('hex'),
    details,
    links: details.map((d) => ({
      href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${d.issue}`,
      rel: 'information_link',
      method: 'GET',
    })),
  });
}

export function paypalId(length = 17): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let id = '';
  for (const byte of randomBytes(length)) id += alphabet[byte % alphabet.length];
  return id;
}

export function isoNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** PayPal's time format: ISO 8601 in UTC, to the second. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A completed capture of `amount` (an order's, or an authorisation's), as PayPal shows it. */
export function newCapture(input: {
  base: string;
  amount: { currency_code: string; value: string };
  unit: Record<string, unknown>;
  relatedIds: Record<string, string>;
  up: string;
  finalCapture: boolean;
}): PaypalObject {
  const { base, amount, unit } = input;
  const id = paypalId();
  const now = isoNow();
  const fee = (Math.round(Number(amount.value) * 3.49 + 49) / 100).toFixed(2);
  return {
    id,
    status: 'COMPLETED',
    amount: { ...amount },
    final_capture: input.finalCapture,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    seller_receivable_breakdown: {
      gross_amount: { ...amount },
      paypal_fee: { currency_code: amount.currency_code, value: fee },
      net_amount: {
        currency_code: amount.currency_code,
        value: (Number(amount.value) - Number(fee)).toFixed(2),
      },
    },
    ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
    ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
    supplementary_data: { related_ids: input.relatedIds },
    links: [
      { href: `${base}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
      { href: input.up, rel: 'up', method: 'GET' },
    ],
    create_time: now,
    update_time: now,
  };
}
