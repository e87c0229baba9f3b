import { deleteMediaObject, verifyUpload } from '#platform/uploads.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';
import type { TransactItem } from '#table/transactions.ts';

type Meanings = { menMeaning?: string; womenMeaning?: string };
const FIELDS = ['menMeaning', 'womenMeaning'] as const;

/**
 * A size's meaning videos as staff sent them: a field left out keeps the size's, a blank one
 * removes it, anything else (already checked to be an upload's url or a provider's player
 * address) replaces it. An uploaded video new to the size is checked and its one-use ticket
 * goes into the size's write; `dropped` are the uploads no longer used, deleted after it.
 */
export async function meaningVideos(
  before: Meanings,
  sent: Meanings,
): Promise<{ meanings: Meanings; tickets: TransactItem[]; dropped: string[] }> {
  const meanings: Meanings = {};
  for (const field of FIELDS) {
    const now = sent[field] === undefined ? before[field] : sent[field] || undefined;
    if (now) meanings[field] = now;
  }
  const had = new Set(FIELDS.map((f) => before[f]).filter((url) => url !== undefined));
  const has = new Set(FIELDS.map((f) => meanings[f]).filter((url) => url !== undefined));
  const tickets: TransactItem[] = [];
  for (const url of has)
    if (!had.has(url) && url.startsWith(S3_URL_PREFIX))
      tickets.push((await verifyUpload(url, ['video'])).consume);
  return { meanings, tickets, dropped: [...had].filter((url) => !has.has(url)) };
}

/** Deletes the meaning uploads a size no longer uses (seeded files are never deleted). */
export async function removeDropped(dropped: string[]): Promise<void> {
  for (const url of dropped) await deleteMediaObject(url);
}
