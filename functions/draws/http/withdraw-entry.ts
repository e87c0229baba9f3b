import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { DRAW_MESSAGES, withdrawEntryContract } from '#shared/contracts/draws.ts';
import { releaseHold } from '../bind-payment.ts';
import { withdrawEntry } from '../entities/entry.ts';
import { entrantsEntry } from '../entrant.ts';
import { entryView } from '../views.ts';

/**
 * POST /draws/{drawId}/entries/{entryId}/withdraw { token }: until the window closes; the entry's
 * e-mail, address and card may enter again, and its authorisation is released at once.
 */
export const handler = defineHandler(withdrawEntryContract, async ({ path, body }) => {
  const entry = await entrantsEntry(path.drawId, path.entryId, body.token);
  const withdrawn = await withdrawEntry({ drawId: entry.drawId, entryId: entry.entryId, email: entry.email });
  if (!withdrawn.ok) {
    if (withdrawn.reason === 'already-withdrawn') throw httpError(409, DRAW_MESSAGES.alreadyWithdrawn);
    if (withdrawn.reason === 'not-open-yet') throw httpError(409, DRAW_MESSAGES.notOpenYet);
    if (withdrawn.reason === 'no-entry' || withdrawn.reason === 'no-draw')
      throw httpError(404, DRAW_MESSAGES.noEntry);
    throw httpError(409, DRAW_MESSAGES.closed);
  }
  // A release that fails now is retried by the settlement, which cancels every hold but the winner's.
  await releaseHold(entry);
  return { status: 200 as const, entry: entryView(withdrawn.entry) };
});
