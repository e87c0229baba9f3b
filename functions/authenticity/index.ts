/** What other modules use of authenticity: the only door into it. */

export type { AuthRecordEntity } from './entities/auth-record.ts';
export {
  authRecordKey,
  authRecordKeys,
  getAuthRecord,
  newRecordItem,
  readAuthRecord,
  replaceRecordPassword,
  soldElsewhereRecord,
} from './entities/auth-record.ts';
export { cardNumberTaken, claimItem, releaseClaimItem } from './entities/card-claim.ts';
export { portalLink } from './portal-link.ts';
