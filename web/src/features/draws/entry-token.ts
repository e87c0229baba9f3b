import { newCheckoutKey } from '../../components/payment/new-checkout-key.ts';

/**
 * The secrets of this tab's draw entries (sessionStorage): the key of the entry being made in a
 * draw (the same key again is the same entry, so a retry or a reload never makes a second one),
 * and each entry's token, which its page also carries in the address's fragment.
 */
const keyName = (drawId: string) => `draw-entry-key:${drawId}`;
const tokenName = (entryId: string) => `draw-entry-token:${entryId}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function entryKeyFor(drawId: string): string {
  const store = storage();
  const known = store?.getItem(keyName(drawId));
  if (known) return known;
  const key = newCheckoutKey();
  store?.setItem(keyName(drawId), key);
  return key;
}

/** The entry is made (or withdrawn): the next entry in this draw is a new one with a new key. */
export function forgetEntryKey(drawId: string): void {
  storage()?.removeItem(keyName(drawId));
}

export function rememberToken(entryId: string, token: string): void {
  storage()?.setItem(tokenName(entryId), token);
}

/** The entry's token: the address's fragment, else what this tab kept. */
export function tokenOf(entryId: string, hash: string): string | undefined {
  const fromHash = hash.replace(/^#/, '');
  if (fromHash) {
    rememberToken(entryId, fromHash);
    return fromHash;
  }
  return storage()?.getItem(tokenName(entryId)) ?? undefined;
}

export const entryPage = (drawId: string, entryId: string, token: string) =>
  `/draw/${drawId}/entry/${entryId}#${token}`;
