import type { CheckoutFields } from './api.ts';

/**
 * The checkout key of this tab for one piece (sessionStorage): every start with it is the same
 * order and the same hold, so a reload, a back-and-continue or a retry never meets its own hold
 * as "already sold". The last form sent is kept beside it, so a reload resumes the payment step.
 */
const keyName = (productId: string) => `checkout-key:${productId}`;
const startedName = (productId: string) => `checkout-started:${productId}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked: every start is its own order, as before
  }
}

export function checkoutKeyFor(productId: string): string {
  const store = storage();
  const known = store?.getItem(keyName(productId));
  if (known && /^[A-Za-z0-9_-]{22,64}$/.test(known)) return known;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  store?.setItem(keyName(productId), key);
  return key;
}

/** Whether this tab has started (or tried to start) a checkout of this piece: a hold may be its own. */
export function hasCheckoutKey(productId: string): boolean {
  return Boolean(storage()?.getItem(keyName(productId)));
}

/** The card payment step was reached with these fields: a reload resumes it. */
export function rememberStart(productId: string, fields: CheckoutFields): void {
  storage()?.setItem(startedName(productId), JSON.stringify(fields));
}

export function startedFields(productId: string): CheckoutFields | undefined {
  const text = storage()?.getItem(startedName(productId));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as CheckoutFields;
  } catch {
    return undefined;
  }
}

/** The shopper cancelled, or paid: the next visit starts afresh. */
export function forgetStart(productId: string, { key = false } = {}): void {
  storage()?.removeItem(startedName(productId));
  if (key) storage()?.removeItem(keyName(productId));
}
