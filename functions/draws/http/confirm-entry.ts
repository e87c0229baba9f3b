import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { confirmEntryContract, DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { bindAuthorisedPayment } from '../bind-payment.ts';
import { refusalMessage, stateMessage } from '../enter.ts';
import { getEntry } from '../entities/entry.ts';
import { entrantsEntry } from '../entrant.ts';
import { mailEntered } from '../mail-entered.ts';
import { entryView } from '../views.ts';

/**
 * POST /draws/{drawId}/entries/{entryId}/confirm { token }: the page says the card step is done;
 * the shop asks the provider, and the entry is binding if it authorised its amount (409 if not
 * yet, or if another binding entry holds its card, e-mail or address: its authorisation is then
 * released). After the
 * close, an authorisation made in time is decided by the closer: the entry is answered as it is.
 */
export const handler = defineHandler(confirmEntryContract, async ({ path, body }) => {
  const entry = await entrantsEntry(path.drawId, path.entryId, body.token);
  if (entry.state === 'entered') return { status: 200 as const, entry: entryView(entry) };
  if (entry.state !== 'pending') throw httpError(409, stateMessage(entry));
  const bound = await bindAuthorisedPayment(entry, 'window');
  if (bound.ok) {
    await mailEntered(bound.entry, body.token);
    return { status: 200 as const, entry: entryView(bound.entry) };
  }
  if (bound.reason === 'not-authorised') throw httpError(409, DRAW_MESSAGES.notAuthorised);
  if (bound.reason === 'duplicate-card') throw httpError(409, refusalMessage('card'));
  if (bound.reason === 'duplicate-email') throw httpError(409, refusalMessage('email'));
  if (bound.reason === 'duplicate-address') throw httpError(409, refusalMessage('address'));
  const now = await getEntry(path.drawId, path.entryId);
  if (bound.reason === 'not-pending' && now?.state === 'entered')
    return { status: 200 as const, entry: entryView(now) };
  if (bound.reason === 'not-open-yet') throw httpError(409, DRAW_MESSAGES.notOpenYet);
  return { status: 200 as const, entry: entryView(now ?? entry) };
});
