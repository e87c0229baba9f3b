/**
 * The passport (issue 37, docs/passport.md): its signing key and signer. Other modules go
 * through this file.
 */
export { type PassportPublicKey, publicKeys, signingKey } from './adapters/kms-signer.ts';
export { PASSPORT_SIGNER_FUNCTION, signCodeBody } from './sign-code.ts';
