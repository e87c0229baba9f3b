import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * An entry's secret is the checkout key its page made (22+ random base64url characters): the
 * same key names the same entry, so a retried entry finds its own; the shop keeps only a hash.
 */
export const entryIdFor = (drawId: string, key: string) =>
  `e-${createHash('sha256').update(`oneofone-entry\n${drawId}\n${key}`).digest('base64url').slice(0, 22)}`;

export const entryTokenHash = (key: string) =>
  createHash('sha256').update(`oneofone-entry-token\n${key}`).digest('hex');

/** Whether `key` is the entry's secret (compared in constant time). */
export function holdsEntryToken(entry: { tokenHash?: string }, key: string): boolean {
  if (!entry.tokenHash) return false;
  const given = Buffer.from(entryTokenHash(key), 'hex');
  const kept = Buffer.from(entry.tokenHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
