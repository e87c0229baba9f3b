import { cancelCardHold, cardHoldState } from '#checkout/index.ts';
import { logger } from '#platform/logger.ts';
import type { BindAnswer, EntryEntity } from './entities/entry.ts';
import { bindEntry, countRefusal, dropEntry } from './entities/entry-binding.ts';

export type PaymentBinding = BindAnswer | { ok: false; reason: 'not-authorised' };

/**
 * Asks Stripe (never the browser) whether the entry's card authorised its amount, uncaptured:
 * then the entry becomes binding under that card's fingerprint. A card that entered the draw
 * already refuses the entry and its authorisation is cancelled at once.
 */
export async function bindAuthorisedPayment(
  entry: EntryEntity,
  during: 'window' | 'seal',
  now = new Date(),
): Promise<PaymentBinding> {
  if (entry.state === 'entered') return { ok: true, entry };
  if (entry.payment?.provider !== 'stripe') return { ok: false, reason: 'not-authorised' };
  const hold = await cardHoldState(entry.payment.id);
  const ours = hold.metadata.drawId === entry.drawId && hold.metadata.entryId === entry.entryId;
  const amountHeld = entry.order === undefined || hold.capturableCents === entry.order.amountCents;
  if (!ours || hold.status !== 'requires_capture' || !amountHeld || !hold.card)
    return { ok: false, reason: 'not-authorised' };
  const { fingerprint, brand, last4 } = hold.card;
  const bound = await bindEntry(entry.drawId, entry.entryId, { fingerprint, brand, last4 }, during, now);
  if (!bound.ok && bound.reason === 'duplicate-card') {
    await countRefusal(entry.drawId, 'duplicate-card');
    await releaseHold(entry);
  }
  return bound;
}

/** Cancels an entry's authorisation (withdrawn, refused, lapsed, or not the winner); true once released. */
export async function releaseHold(entry: EntryEntity): Promise<boolean> {
  if (!entry.payment) return true;
  const cancelled = await cancelCardHold(entry.payment.id);
  if (cancelled.outcome === 'canceled' || cancelled.outcome === 'already-canceled') return true;
  logger.warn('an entry’s authorisation was not cancelled', {
    drawId: entry.drawId,
    entryId: entry.entryId,
    outcome: cancelled.outcome,
  });
  return false;
}

/**
 * At the close, after the seal: every entry still pending is decided before the list is written.
 * Authorised before the close → binding (or refused for its card); otherwise it lapses, its
 * authorisation (if it was ever given) cancelled. Each entry's decision is kept, so a closer
 * that dies here and runs again decides only what is left, the same way.
 */
export async function decidePendingEntries(entries: EntryEntity[], now: Date): Promise<void> {
  for (const entry of entries.filter((e) => e.state === 'pending')) {
    const bound = await bindAuthorisedPayment(entry, 'seal', now);
    if (bound.ok || bound.reason === 'duplicate-card' || bound.reason === 'not-pending') continue;
    if (await dropEntry(entry, 'lapsed', now)) await countRefusal(entry.drawId, 'payment-not-authorised');
    await releaseHold(entry);
  }
}
