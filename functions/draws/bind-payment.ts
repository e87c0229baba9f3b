import { logger } from '#platform/logger.ts';
import { authorisationOf, releaseEntry } from './adapters/entry-payments.ts';
import type { BindAnswer, EntryEntity } from './entities/entry.ts';
import { bindEntry, countRefusal, dropEntry, setEntryPayment } from './entities/entry-binding.ts';

export type PaymentBinding = BindAnswer | { ok: false; reason: 'not-authorised' };

/**
 * Asks the provider (never the browser) whether the entry's payment holds its amount, uncaptured:
 * then the entry becomes binding under its payer's identity (the card's fingerprint, or the PayPal
 * account). A payer who entered the draw already refuses the entry and its authorisation is
 * released at once.
 */
export async function bindAuthorisedPayment(
  entry: EntryEntity,
  during: 'window' | 'seal',
  now = new Date(),
): Promise<PaymentBinding> {
  if (entry.state === 'entered') return { ok: true, entry };
  const authorised = await authorisationOf(entry);
  const amountHeld =
    authorised.state === 'authorised' &&
    (entry.order === undefined || authorised.amountCents === entry.order.amountCents);
  if (authorised.state !== 'authorised' || !amountHeld) return { ok: false, reason: 'not-authorised' };
  if (authorised.authorizationId && entry.payment)
    await setEntryPayment(entry.drawId, entry.entryId, {
      ...entry.payment,
      authorizationId: authorised.authorizationId,
    });
  const bound = await bindEntry(entry.drawId, entry.entryId, authorised.payer, during, now);
  if (!bound.ok && bound.reason === 'duplicate-card') {
    await countRefusal(entry.drawId, 'duplicate-card');
    await releaseHold(entry);
  }
  return bound;
}

/** Releases an entry's authorisation (withdrawn, refused, lapsed, or not the winner); true once released. */
export async function releaseHold(entry: EntryEntity): Promise<boolean> {
  if (await releaseEntry(entry)) return true;
  logger.warn('an entry’s authorisation was not released', { drawId: entry.drawId, entryId: entry.entryId });
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
