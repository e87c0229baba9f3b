import { sequenceSoon } from '#passport/index.ts';
import { httpError } from '#platform/http-error.ts';
import { PASSPORT_MESSAGES } from '#shared/passport/messages.ts';
import { setRecordLost } from './entities/auth-record.ts';
import { ownerSession } from './owner-session.ts';

/**
 * The owner reports the piece lost or stolen, or found again (POST /passport/lost): the record's
 * state and its entry in the passport log together. 409 when it already stands so, or when the
 * record changed since the owner's session read it.
 */
export async function reportLost(input: {
  token: string | undefined;
  lost: boolean;
  now: number;
}): Promise<void> {
  const { record } = await ownerSession(input.token);
  const outcome = await setRecordLost(record, input.lost, new Date(input.now).toISOString());
  if (outcome === 'already')
    throw httpError(409, input.lost ? PASSPORT_MESSAGES.alreadyLost : PASSPORT_MESSAGES.notLost);
  if (outcome === 'changed') throw httpError(409, PASSPORT_MESSAGES.recordChanged);
  await sequenceSoon();
}
