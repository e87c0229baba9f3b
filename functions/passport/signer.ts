import { invokeFunction } from '#platform/invoke-function.ts';
import { publicKeySchema } from '#shared/contracts/passport.ts';
import * as z from '#shared/zod.ts';

/**
 * Signing, for the handlers that need a signature (issue, re-issue, a resale proof, a rotation):
 * they may not kms:Sign themselves; they call the passport signer synchronously
 * (functions/passport/jobs/passport-signer.ts), named by PASSPORT_SIGNER_FUNCTION
 * (infra/constructs/passport-signer.ts `allowSigning`; locally infra/local/stack.ts).
 */
export const PASSPORT_SIGNER_FUNCTION = 'PASSPORT_SIGNER_FUNCTION';

/** What a caller answers (503) when the signer does not sign: nothing was written. */
export const SIGNER_UNAVAILABLE = 'the passport signer is not answering. please try again.';

const signerAnswerSchema = z.strictObject({
  kid: z.string().check(z.regex(/^[A-Za-z0-9_-]{11}$/)),
  signature: z.string().check(z.regex(/^[A-Za-z0-9_-]{86}$/)),
});
export type SignerSignature = z.infer<typeof signerAnswerSchema>;

const signed = async (request: Record<string, unknown>): Promise<SignerSignature> =>
  z.parse(signerAnswerSchema, await invokeFunction(PASSPORT_SIGNER_FUNCTION, request));

/** The signature of a card code's body (docs/passport.md, The code): the key's id and raw r‖s, base64url. */
export const signCodeBody = (body: string) => signed({ kind: 'sign-code', body });

/** The signature of a certificate's JWS signing input (docs/passport.md, The certificate). */
export const signCertificateInput = (input: string) => signed({ kind: 'certificate', input });

/** The signature of the status list credential's JWS signing input (docs/passport.md, Lost or stolen). */
export const signStatusListInput = (input: string) => signed({ kind: 'status-list', input });

/** The signature of a resale proof's body (docs/passport.md, Resale proof). */
export const signProofBody = (body: string) => signed({ kind: 'proof', body });

/** A new signing key (the current one closed today): the key set as published. */
export async function rotateKeys(admin: string) {
  const answer = await invokeFunction(PASSPORT_SIGNER_FUNCTION, { kind: 'rotate', admin });
  return z.parse(z.strictObject({ keys: z.array(publicKeySchema) }), answer).keys;
}
