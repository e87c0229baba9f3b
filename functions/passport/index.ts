/**
 * The passport (issue 37, docs/passport.md): its keys, its signer, its certificates and its
 * public log. Other modules go through this file.
 */
export { type PendingEntry, pendingEntryItem, pendingListItem } from './entities/log-items.ts';
export {
  latestCheckpoint,
  newestCertificate,
  pieceEntries,
  readHead,
} from './entities/log-reads.ts';
export { CertificateAlreadyIssued, issueCertificate } from './issue-certificate.ts';
export { keySet, publicKeys, signingKid } from './key-set.ts';
export { PASSPORT_SIGNER_FUNCTION, signCodeBody } from './signer.ts';
export { SEQUENCE_LOG_FUNCTION, sequenceSoon } from './start-sequencer.ts';
export { witnessedListOf } from './witnessed-list.ts';
