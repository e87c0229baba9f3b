/**
 * The passport (issue 37, docs/passport.md): its signing key and signer, and its public log.
 * Other modules go through this file.
 */
export { type PassportPublicKey, publicKeys, signingKey } from './adapters/kms-signer.ts';
export { type PendingEntry, pendingEntryItem } from './entities/log-items.ts';
export {
  latestCheckpoint,
  newestCertificate,
  pieceEntries,
  readHead,
} from './entities/log-reads.ts';
export { PASSPORT_SIGNER_FUNCTION, signCodeBody } from './sign-code.ts';
export { SEQUENCE_LOG_FUNCTION, sequenceSoon } from './start-sequencer.ts';
