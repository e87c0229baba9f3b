import { invokeFunction } from '#platform/invoke-function.ts';
import * as z from '#shared/zod.ts';

/**
 * Signing, for the handlers that need a signature (issue, re-issue): they may not kms:Sign
 * themselves; they call the passport signer synchronously (functions/passport/jobs/passport-signer.ts),
 * named by PASSPORT_SIGNER_FUNCTION (infra/constructs/passport-signer.ts `allowSigning`;
 * locally infra/local/stack.ts).
 */
export const PASSPORT_SIGNER_FUNCTION = 'PASSPORT_SIGNER_FUNCTION';

const signerAnswerSchema = z.strictObject({
  kid: z.string().check(z.regex(/^[A-Za-z0-9_-]{11}$/)),
  signature: z.string().check(z.regex(/^[A-Za-z0-9_-]{86}$/)),
});

/** The signature of a card code's body (docs/passport.md, The code): the key's id and raw r‖s, base64url. */
export async function signCodeBody(body: string): Promise<{ kid: string; signature: string }> {
  const answer = await invokeFunction(PASSPORT_SIGNER_FUNCTION, { kind: 'sign-code', body });
  return z.parse(signerAnswerSchema, answer);
}
