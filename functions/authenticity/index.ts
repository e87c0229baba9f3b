/** What other modules use of authenticity: the only door into it. */

export type { AuthRecordEntity } from './entities/auth-record.ts';
export {
  authRecordKey,
  authRecordKeys,
  cardNumberTaken,
  claimItem,
  getAuthRecord,
  newRecordItem,
  readAuthRecord,
  releaseClaimItem,
  replaceRecordPassword,
  soldElsewhereRecord,
} from './entities/auth-record.ts';
