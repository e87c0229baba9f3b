import { logger } from '#platform/logger.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import { fromBase64, toHex } from '#shared/passport/bytes.ts';
import { signLogCheckpoint } from '#shared/passport/checkpoint.ts';
import type { PassportKey } from '#shared/passport/keys.ts';
import { NOTE_ED25519, noteKeyId } from '#shared/passport/note-keys.ts';
import { statusListUrl } from '#shared/passport/status-list.ts';
import * as z from '#shared/zod.ts';
import { sign, signWithLogKey } from '../adapters/kms-signer.ts';
import { readHead } from '../entities/log-reads.ts';
import { dayOf, issuer } from '../issuer.ts';
import {
  certificateInputFields,
  checkpointBodyFields,
  codeBodyFields,
  proofBodyFields,
  proofDaysAllowed,
  proofDaysFrom,
  type SignRequest,
  signRequestSchema,
  statusListInputFields,
} from '../rules/sign-request.ts';
import { shopLogOrigin } from '../sign-checkpoint.ts';
import { currentSigningKey, logSigningKey, rotateSigningKey } from '../signer-keys.ts';

/**
 * The passport's signer (infra/constructs/passport-signer.ts): the one function that may
 * kms:Sign with the passport's keys, and make new ones. The handlers that need a signature invoke
 * it synchronously (functions/passport/signer.ts) with what they want signed; it signs only what
 * the passport's formats allow (rules/sign-request.ts), with the key that signs now, named by
 * what it signs, and refuses anything else with an error, never a signature. Locally the stack's
 * Lambda stand-in runs it (infra/local/stack.ts).
 */
export interface SignerAnswer {
  kid: string;
  /** Raw r‖s, base64url (86 characters). */
  signature: string;
}

const refuse = (why: string): never => {
  logger.error('passport signer refused a request', { why });
  throw new Error(`passport signer: refused, ${why}`);
};

/** The text to sign and the key it names, after the checks that need the key set and the clock. */
function checked(
  request: Exclude<SignRequest, { kind: 'rotate' | 'checkpoint' }>,
  now: number,
): { text: string; named: string } {
  if (request.kind === 'sign-code')
    return { text: request.body, named: codeBodyFields(request.body)?.kid ?? '' };
  if (request.kind === 'proof') {
    const fields = proofBodyFields(request.body);
    const days = fields ? proofDaysFrom(dayOf(now), fields.expires) : 0;
    if (!proofDaysAllowed(days)) refuse(`a proof lasts 1 to 30 days from today, not ${days}`);
    return { text: request.body, named: fields?.kid ?? '' };
  }
  if (request.kind === 'status-list') {
    const list = statusListInputFields(request.input);
    if (list?.payload.issuer !== issuer() || list.payload.id !== statusListUrl(issuer()))
      refuse(`a status list is the shop's own (${statusListUrl(issuer())})`);
    return { text: request.input, named: list?.header.kid ?? '' };
  }
  const fields = certificateInputFields(request.input);
  if (fields?.payload.issuer !== issuer()) refuse(`a certificate names the shop as its issuer (${issuer()})`);
  // Every certificate names its bit in the shop's status list (docs/passport.md, Lost or stolen).
  if (fields?.payload.credentialStatus?.statusListCredential !== statusListUrl(issuer()))
    refuse(`a certificate names its bit in the shop's status list (${statusListUrl(issuer())})`);
  return { text: request.input, named: fields?.header.kid ?? '' };
}

export async function runPassportSigner(
  event: unknown,
  now = Date.now(),
): Promise<SignerAnswer | CheckpointAnswer | { keys: PassportKey[] }> {
  const parsed = z.safeParse(signRequestSchema, event);
  if (!parsed.success) refuse(`not a request it signs (${z.prettifyError(parsed.error)})`);
  const request = parsed.data as SignRequest;
  if (request.kind === 'rotate') return { keys: await rotateSigningKey(request.admin, now) };
  if (request.kind === 'checkpoint') return signHeadCheckpoint(request.body, now);
  const { text, named } = checked(request, now);
  const key = await currentSigningKey(now);
  // What is signed names the key that signs it: a text naming another key would be a lie once signed.
  if (named !== key.kid) refuse(`the ${request.kind} names key ${named}, the signing key is ${key.kid}`);
  const signature = await sign(new TextEncoder().encode(text), key.keyId);
  logger.info('passport signer signed', { kind: request.kind, kid: key.kid });
  return { kid: signature.kid, signature: toBase64url(signature.signature) };
}

/** A checkpoint's answer: the signed note whole (Ed25519, signed-note type 0x01, docs/passport.md). */
export interface CheckpointAnswer {
  /** The log key's vkey key id, hex. */
  kid: string;
  note: string;
}

/**
 * A checkpoint is signed only as the log's own: the shop's origin, and the size and root of the
 * head, which the signer reads itself. So no caller can have it sign another tree (a fork).
 */
async function signHeadCheckpoint(body: string, now: number): Promise<CheckpointAnswer> {
  const fields = checkpointBodyFields(body);
  const origin = shopLogOrigin();
  if (fields?.origin !== origin) refuse(`the checkpoint's origin is not ${origin}`);
  const head = await readHead();
  if (fields?.size !== head.size || fields.root !== head.root)
    refuse(`a checkpoint of size ${fields?.size} that is not the head (size ${head.size})`);
  const key = await logSigningKey(now);
  const note = await signLogCheckpoint(
    { origin, size: head.size, root: fromBase64(head.root) as Uint8Array },
    key.publicKey,
    (data) => signWithLogKey(data, key.keyId),
  );
  const kid = toHex(await noteKeyId(origin, NOTE_ED25519, key.publicKey));
  logger.info('passport signer signed', { kind: 'checkpoint', kid, size: head.size });
  return { kid, note };
}

export const handler = (event: unknown) => runPassportSigner(event);
