import { httpError } from '#platform/http-error.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { getEntry } from './entities/entry.ts';
import { holdsEntryToken } from './rules/entry-token.ts';

/** The entry, only for the one who holds its secret; anyone else is told it does not exist. */
export async function entrantsEntry(drawId: string, entryId: string, token: string) {
  const entry = await getEntry(drawId, entryId);
  if (!entry || !holdsEntryToken(entry, token)) throw httpError(404, DRAW_MESSAGES.noEntry);
  return entry;
}
