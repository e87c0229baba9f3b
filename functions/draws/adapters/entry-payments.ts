import {
  authorizePaypalOrder,
  cancelCardHold,
  captureCardHold,
  capturePaypalAuthorization,
  cardHoldState,
  paypalOrderPayer,
  voidPaypalAuthorization,
} from '#checkout/index.ts';
import type { EntryEntity } from '../entities/entry.ts';

/**
 * An entry's payment, whichever provider holds it: a card's PaymentIntent of manual capture
 * (Stripe) or an order of intent AUTHORIZE (PayPal). Asked of the provider every time, never
 * taken from the browser.
 */

/** Who paid, as one entry per person counts it: the card's fingerprint, or the PayPal account. */
export interface PayerIdentity {
  fingerprint: string;
  brand: string;
  last4: string;
}

export type Authorisation =
  | { state: 'authorised'; amountCents: number; payer: PayerIdentity; authorizationId?: string }
  | { state: 'not-authorised' };

/** Whether the entry's payment holds its amount now, uncaptured, and whose it is. */
export async function authorisationOf(entry: EntryEntity): Promise<Authorisation> {
  const payment = entry.payment;
  if (!payment) return { state: 'not-authorised' };
  if (payment.provider === 'stripe') {
    const hold = await cardHoldState(payment.id);
    const ours = hold.metadata.drawId === entry.drawId && hold.metadata.entryId === entry.entryId;
    if (!ours || hold.status !== 'requires_capture' || !hold.card) return { state: 'not-authorised' };
    const { fingerprint, brand, last4 } = hold.card;
    return { state: 'authorised', amountCents: hold.capturableCents, payer: { fingerprint, brand, last4 } };
  }
  // An approved order is authorised now (or was: PayPal then answers the authorisation it has).
  const authorised = await authorizePaypalOrder(payment.id);
  if (authorised.outcome !== 'authorized' && authorised.outcome !== 'already-authorized')
    return { state: 'not-authorised' };
  const payerId = await paypalOrderPayer(payment.id);
  if (!payerId) return { state: 'not-authorised' };
  return {
    state: 'authorised',
    amountCents: authorised.amountCents,
    payer: { fingerprint: `paypal-${payerId}`, brand: 'PayPal', last4: '' },
    authorizationId: authorised.authorizationId,
  };
}

export type EntryCapture =
  | { outcome: 'captured' | 'already-captured'; amountCents: number }
  | { outcome: 'cannot-capture'; reason: string }
  | { outcome: 'failed'; message: string };

/** Takes the winner's authorised money (all of it); a second call answers it was taken. */
export async function captureEntry(entry: EntryEntity): Promise<EntryCapture> {
  const payment = entry.payment;
  const amountCents = entry.order?.amountCents ?? 0;
  if (!payment) return { outcome: 'cannot-capture', reason: 'no payment' };
  if (payment.provider === 'stripe') {
    const captured = await captureCardHold(payment.id, amountCents);
    return captured.outcome === 'already-captured' || captured.outcome === 'captured'
      ? { outcome: captured.outcome, amountCents: captured.amountCents }
      : captured;
  }
  const authorizationId = payment.authorizationId ?? (await authorisationIdOf(payment.id));
  if (!authorizationId) return { outcome: 'cannot-capture', reason: 'not authorised' };
  const captured = await capturePaypalAuthorization(authorizationId);
  if (captured.outcome === 'captured') return { outcome: 'captured', amountCents: captured.amountCents };
  if (captured.outcome === 'already-captured') return { outcome: 'already-captured', amountCents };
  return captured;
}

/** Releases the entry's authorisation; true once nothing of it holds money. */
export async function releaseEntry(entry: EntryEntity): Promise<boolean> {
  const payment = entry.payment;
  if (!payment) return true;
  if (payment.provider === 'stripe') {
    const cancelled = await cancelCardHold(payment.id);
    return cancelled.outcome === 'canceled' || cancelled.outcome === 'already-canceled';
  }
  const authorizationId = payment.authorizationId ?? (await authorisationIdOf(payment.id));
  // Never approved: PayPal holds nothing (the order lapses on its own).
  if (!authorizationId) return true;
  const voided = await voidPaypalAuthorization(authorizationId);
  if (voided.outcome === 'cannot-void') return voided.reason === 'expired';
  return voided.outcome === 'voided' || voided.outcome === 'already-voided';
}

/** The order's authorisation, if its buyer approved it (authorising it then, to be voided or captured). */
async function authorisationIdOf(orderId: string): Promise<string | undefined> {
  const authorised = await authorizePaypalOrder(orderId);
  return authorised.outcome === 'authorized' || authorised.outcome === 'already-authorized'
    ? authorised.authorizationId
    : undefined;
}
