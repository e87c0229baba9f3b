/** What other modules use of authenticity: the only door into it. */

export type { AuthRecordEntity } from './entities/auth-record.ts';
export {
  authRecordKey,
  authRecordKeys,
  ensureOwnerSalt,
  getAuthRecord,
  listAuthRecords,
  newRecordItem,
  noRecordItem,
  readAuthRecord,
  replaceRecordPassword,
  soldElsewhereRecord,
} from './entities/auth-record.ts';
export { ownerSession } from './owner-session.ts';
export { portalLink } from './portal-link.ts';
export { adminAuthRecord } from './rules/admin-views.ts';
