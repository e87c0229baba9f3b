import { logger } from '#platform/logger.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import { fromBase64 } from '#shared/passport/bytes.ts';
import { signCheckpoint } from '#shared/passport/checkpoint.ts';
import * as z from '#shared/zod.ts';
import { sign, signingKey, signingKeySpki } from '../adapters/kms-signer.ts';
import { readHead } from '../entities/log-reads.ts';
import { checkpointBodyFields, codeBodyFields, signRequestSchema } from '../rules/sign-request.ts';
import { shopLogOrigin } from '../sign-checkpoint.ts';

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

/** A checkpoint's answer: the signed note whole (its signature line is ASN.1 DER, docs/passport.md). */
export interface CheckpointAnswer {
  kid: string;
  note: string;
}

export async function runPassportSigner(event: unknown): Promise<SignerAnswer | CheckpointAnswer> {
  const parsed = z.safeParse(signRequestSchema, event);
  if (!parsed.success) {
    logger.error('passport signer refused a malformed request');
    throw new Error(`passport signer: refused, not a request it signs (${z.prettifyError(parsed.error)})`);
  }
  const { body } = parsed.data;
  if (parsed.data.kind === 'checkpoint') return signHeadCheckpoint(body);
  // A code names the key that signs it: a body naming another key would be a lie once signed.
  const named = codeBodyFields(body)?.kid;
  const { kid } = await signingKey();
  if (named !== kid)
    throw new Error(`passport signer: refused, the code names key ${named}, the signing key is ${kid}`);
  const signature = await sign(new TextEncoder().encode(body));
  logger.info('passport signer signed', { kind: parsed.data.kind, kid });
  return { kid: signature.kid, signature: toBase64url(signature.signature) };
}

/**
 * A checkpoint is signed only as the log's own: the shop's origin, and the size and root of the
 * head, which the signer reads itself. So no caller can have it sign another tree (a fork).
 */
async function signHeadCheckpoint(body: string): Promise<CheckpointAnswer> {
  const fields = checkpointBodyFields(body);
  const origin = shopLogOrigin();
  if (fields?.origin !== origin)
    throw new Error(`passport signer: refused, the checkpoint's origin is not ${origin}`);
  const head = await readHead();
  if (fields.size !== head.size || fields.root !== head.root)
    throw new Error(
      `passport signer: refused, a checkpoint of size ${fields.size} that is not the head (size ${head.size})`,
    );
  const { kid } = await signingKey();
  const note = await signCheckpoint(
    { origin, size: head.size, root: fromBase64(head.root) as Uint8Array },
    await signingKeySpki(),
    async (data) => (await sign(data)).signature,
  );
  logger.info('passport signer signed', { kind: 'checkpoint', kid, size: head.size });
  return { kid, note };
}

export const handler = (event: unknown): Promise<SignerAnswer | CheckpointAnswer> => runPassportSigner(event);
