import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';
import type { CheckoutFields } from './checkout-fields.ts';
import { newCheckoutKey } from './new-checkout-key.ts';

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
  if (known && isRandomLookingCheckoutKey(known)) return known;
  const key = newCheckoutKey();
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

const leftName = (productId: string) => `checkout-left:${productId}`;

/**
 * How long a resumed payment step waits after this tab left the page: the release beacon the
 * page sent as it went (a reload fires it too) must reach the server before the hold is taken
 * again, or it would end the hold just re-taken. It asks Stripe first, a cold function more.
 */
export const RELEASE_SETTLE_MS = 2500;

/** This tab is leaving the payment step of this piece now (its release beacon is on its way). */
export function rememberLeaving(productId: string): void {
  storage()?.setItem(leftName(productId), String(Date.now()));
}

/** How long to wait before re-taking the hold: until the beacon of a page just left has landed. */
export function releaseSettleWait(productId: string, now = Date.now()): number {
  const store = storage();
  const left = Number(store?.getItem(leftName(productId)) ?? 0);
  store?.removeItem(leftName(productId));
  return left > 0 ? Math.max(0, Math.min(RELEASE_SETTLE_MS, left + RELEASE_SETTLE_MS - now)) : 0;
}

const orderKeyName = (checkoutCode: string) => `order-key:${checkoutCode}`;

/**
 * The key behind an order's checkout code, kept for the confirmation page: with it the server
 * shows the order's address and e-mail (GET /orders/{code} with `x-checkout-key`); the code
 * alone, which mails and staff see, shows only its state. Kept after the piece's own key is
 * forgotten on paying, and through the PayPal round trip (the same tab).
 */
export function rememberOrderKey(checkoutCode: string, checkoutKey: string): void {
  storage()?.setItem(orderKeyName(checkoutCode), checkoutKey);
}

export function orderKeyOf(checkoutCode: string): string | undefined {
  return storage()?.getItem(orderKeyName(checkoutCode)) ?? undefined;
}
