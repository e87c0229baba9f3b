import { type Payer, type PaymentRef, paymentProvider } from '#payments/index.ts';
import type { EntryEntity } from '../entities/entry.ts';

/**
 * An entry's payment, authorised now and captured later by whichever provider holds it (payments'
 * manual capture). Asked of the provider every time, never taken from the browser.
 */

export type Authorisation =
  | {
      state: 'authorised';
      amountCents: number /** Who paid, as one entry per person counts it. */;
      payer: Payer;
      authorizationId?: string;
    }
  | { state: 'not-authorised' };

const refOf = (payment: NonNullable<EntryEntity['payment']>): PaymentRef => ({
  id: payment.id,
  capture: 'manual',
  ...(payment.authorizationId ? { authorizationId: payment.authorizationId } : {}),
});

/** Whether the entry's payment holds its amount now, uncaptured, and whose it is. */
export async function authorisationOf(entry: EntryEntity): Promise<Authorisation> {
  const payment = entry.payment;
  if (!payment) return { state: 'not-authorised' };
  const confirmed = await paymentProvider(payment.provider).confirm(refOf(payment), {
    drawId: entry.drawId,
    entryId: entry.entryId,
  });
  if (confirmed.outcome !== 'authorised') return { state: 'not-authorised' };
  return {
    state: 'authorised',
    amountCents: confirmed.amountCents,
    payer: confirmed.payer,
    ...(confirmed.authorizationId ? { authorizationId: confirmed.authorizationId } : {}),
  };
}

export type EntryCapture =
  | { outcome: 'captured' | 'already-captured'; amountCents: number }
  | { outcome: 'cannot-capture'; reason: string }
  | { outcome: 'failed'; message: string };

/** Takes the winner's authorised money (all of it); a second call answers it was taken. */
export async function captureEntry(entry: EntryEntity): Promise<EntryCapture> {
  const payment = entry.payment;
  if (!payment) return { outcome: 'cannot-capture', reason: 'no payment' };
  return paymentProvider(payment.provider).capture(refOf(payment), entry.order?.amountCents ?? 0);
}

/** Releases the entry's authorisation; true once nothing of it holds money. */
export async function releaseEntry(entry: EntryEntity): Promise<boolean> {
  const payment = entry.payment;
  if (!payment) return true;
  const cancelled = await paymentProvider(payment.provider).cancel(refOf(payment));
  return cancelled.outcome === 'canceled' || cancelled.outcome === 'already-canceled';
}
