/** What other modules use of authenticity: the only door into it. */

export type { AuthRecordEntity } from './entities/auth-record.ts';
export {
  auditedRecord,
  authRecordKey,
  authRecordKeys,
  ensureOwnerSalt,
  getAuthRecord,
  listAuthRecords,
  newRecordItem,
  noRecordItem,
  readAuthRecord,
  replaceRecordPassword,
  saleEntryItem,
  soldElsewhereRecord,
} from './entities/auth-record.ts';
export { reportLost } from './lost-report.ts';
export { ownerSession } from './owner-session.ts';
export { portalLink, shopUrl } from './portal-link.ts';
export { adminAuthRecord } from './rules/admin-views.ts';
