/**
 * The passport (issue 37, docs/passport.md): its keys, its signer, its certificates. Other
 * modules go through this file.
 */
export { issueCertificate } from './issue-certificate.ts';
export { keySet, publicKeys, signingKid } from './key-set.ts';
export { PASSPORT_SIGNER_FUNCTION, signCodeBody } from './signer.ts';
