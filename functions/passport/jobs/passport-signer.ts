import { logger } from '#platform/logger.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import * as z from '#shared/zod.ts';
import { sign, signingKey } from '../adapters/kms-signer.ts';
import { codeBodyFields, signRequestSchema } from '../rules/sign-request.ts';

/**
 * The passport's signer (infra/constructs/passport-signer.ts): the one function that may
 * kms:Sign with the passport's key. The handlers that need a signature invoke it synchronously
 * (functions/passport/sign-code.ts) with what they want signed; it signs only what the
 * passport's formats allow (rules/sign-request.ts) and refuses anything else with an error,
 * never a signature. Locally the stack's Lambda stand-in runs it (infra/local/stack.ts).
 */
export interface SignerAnswer {
  kid: string;
  /** Raw r‖s, base64url (86 characters). */
  signature: string;
}

export async function runPassportSigner(event: unknown): Promise<SignerAnswer> {
  const parsed = z.safeParse(signRequestSchema, event);
  if (!parsed.success) {
    logger.error('passport signer refused a malformed request');
    throw new Error(`passport signer: refused, not a request it signs (${z.prettifyError(parsed.error)})`);
  }
  const { body } = parsed.data;
  // A code names the key that signs it: a body naming another key would be a lie once signed.
  const named = codeBodyFields(body)?.kid;
  const { kid } = await signingKey();
  if (named !== kid)
    throw new Error(`passport signer: refused, the code names key ${named}, the signing key is ${kid}`);
  const signature = await sign(new TextEncoder().encode(body));
  logger.info('passport signer signed', { kind: parsed.data.kind, kid });
  return { kid: signature.kid, signature: toBase64url(signature.signature) };
}

export const handler = (event: unknown): Promise<SignerAnswer> => runPassportSigner(event);
