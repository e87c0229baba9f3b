import { logger } from '#platform/logger.ts';
import { authorisationOf, releaseEntry } from './adapters/entry-payments.ts';
import type { BindAnswer, ClaimTaken, EntryEntity } from './entities/entry.ts';
import { bindEntry, countRefusal, dropEntry, setEntryPayment } from './entities/entry-binding.ts';
import { mailAddressTaken } from './mail-address-taken.ts';

export type PaymentBinding = BindAnswer | { ok: false; reason: 'not-authorised' };

/**
 * Asks the provider (never the browser) whether the entry's payment holds its amount, uncaptured:
 * then the entry becomes binding and claims its e-mail, address and payer (the card's
 * fingerprint, or the payer's account). One of them held by another binding entry refuses the
 * entry, counted by reason, and its authorisation is released at once; a member refused for
 * their address is mailed (the page may be closed: at the seal nobody watches).
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
  if (!bound.ok && isClaimRefusal(bound.reason)) {
    await countRefusal(entry.drawId, bound.reason);
    await releaseHold(entry);
    if (bound.reason === 'duplicate-address')
      await mailAddressTaken({
        drawId: entry.drawId,
        email: entry.email,
        place: (entry.order?.form ?? {}) as Record<string, string>,
        authorised: true,
      });
  }
  return bound;
}

const isClaimRefusal = (reason: string): reason is `duplicate-${ClaimTaken}` =>
  reason === 'duplicate-card' || reason === 'duplicate-email' || reason === 'duplicate-address';

/** Releases an entry's authorisation (withdrawn, refused, lapsed, or not the winner); true once released. */
export async function releaseHold(entry: EntryEntity): Promise<boolean> {
  if (await releaseEntry(entry)) return true;
  logger.warn('an entry’s authorisation was not released', { drawId: entry.drawId, entryId: entry.entryId });
  return false;
}

/**
 * At the close, after the seal: every entry still pending is decided before the list is written.
 * Authorised before the close → binding (or refused for a claim another holds); otherwise it lapses, its
 * authorisation (if it was ever given) cancelled. Each entry's decision is kept, so a closer
 * that dies here and runs again decides only what is left, the same way.
 */
export async function decidePendingEntries(entries: EntryEntity[], now: Date): Promise<void> {
  for (const entry of entries.filter((e) => e.state === 'pending')) {
    const bound = await bindAuthorisedPayment(entry, 'seal', now);
    if (bound.ok || bound.reason === 'not-pending' || isClaimRefusal(bound.reason)) continue;
    if (await dropEntry(entry, 'lapsed', now)) await countRefusal(entry.drawId, 'payment-not-authorised');
    await releaseHold(entry);
  }
}
