import { httpError } from '#platform/http-error.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { endSession, readSession, type Session } from '#table/sessions.ts';
import { type AuthRecordEntity, getAuthRecord } from './entities/auth-record.ts';

const notLoggedIn = () => httpError(401, PORTAL_MESSAGES.notLoggedIn);

/**
 * The owner's live session and record; a transfer or reset since login ends the session. Apart
 * from portal.ts, whose mail and photo links the owner's other endpoints do not load.
 */
export async function ownerSession(
  token: string | undefined,
): Promise<{ session: Session; record: AuthRecordEntity }> {
  const session = await readSession('owner', token);
  if (!session) throw notLoggedIn();
  const record = await getAuthRecord(session.subject);
  if (!record?.email || record.credentialVersion !== session.credentialVersion) {
    await endSession(token);
    throw notLoggedIn();
  }
  return { session, record };
}
