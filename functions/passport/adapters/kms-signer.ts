import { CreateKeyCommand, GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import { jwkFromSpki, type PublicJwk, rawFromDer } from '#shared/passport/der.ts';
import { keyIdOf } from '#shared/passport/key-id.ts';
import { ed25519FromSpki, verifyEd25519 } from '#shared/passport/note-keys.ts';

/**
 * The passport's signing keys in KMS (docs/passport.md, Keys): ECDSA P-256, `ECDSA_SHA_256` over
 * the RAW message (KMS hashes it). KMS answers DER; the passport carries raw r‖s. The
 * deployment's key is named by PASSPORT_KEY_ID (infra/constructs/passport-signer.ts; locally
 * infra/local/stack.ts, whose KMS stand-in the same client reaches through AWS_ENDPOINT_URL_KMS);
 * a rotation makes the next ones (`createSigningKey`). Every key is tagged PASSPORT_KEY_TAG: the
 * signer's role may sign only with keys so tagged, and only that role may sign (docs/iam.md).
 */
export const PASSPORT_KEY_ID = 'PASSPORT_KEY_ID';
/** The key's description in KMS (infra/constructs/passport-signer.ts; the local stack finds it by it). */
export const PASSPORT_KEY_DESCRIPTION = 'The passport signing key (docs/passport.md)';
/** The tag every passport key carries, on which the signer's IAM policy is conditioned. */
export const PASSPORT_KEY_TAG = { key: 'Purpose', value: 'passport-signing' } as const;
const KEY_SPEC = 'ECC_NIST_P256';
const SIGNING_ALGORITHM = 'ECDSA_SHA_256';
/** KMS signs a RAW message of at most 4096 bytes. */
export const MAX_SIGNED_BYTES = 4096;

export interface PassportPublicKey {
  /** docs/passport.md: the first 8 bytes of SHA-256 of the SPKI, base64url. */
  kid: string;
  jwk: PublicJwk;
  /** The SubjectPublicKeyInfo (DER). */
  spki: Uint8Array;
  /** The KMS key's ARN. */
  kmsKeyArn: string;
}

export interface PassportSignature {
  kid: string;
  /** Raw r‖s, 64 bytes. */
  signature: Uint8Array;
}

let client: KMSClient | undefined;
const kms = () => {
  client ??= recordAwsCalls(new KMSClient({}));
  return client;
};

/** The deployment's key (the first of the key set). */
export function deploymentKeyId(): string {
  const id = process.env[PASSPORT_KEY_ID];
  if (!id) throw new Error(`${PASSPORT_KEY_ID} is not set`);
  return id;
}

/** A key's public half does not change: read once per container and key. */
const publicKeysRead = new Map<string, Promise<{ key: PassportPublicKey; verifier: CryptoKey }>>();

function readPublicKey(keyId: string) {
  let read = publicKeysRead.get(keyId);
  if (!read) {
    read = (async () => {
      const answer = await kms().send(new GetPublicKeyCommand({ KeyId: keyId }));
      if (answer.KeySpec !== KEY_SPEC || answer.KeyUsage !== 'SIGN_VERIFY' || !answer.PublicKey)
        throw new Error(`KMS key ${keyId} is not an ${KEY_SPEC} SIGN_VERIFY key`);
      const spki = answer.PublicKey;
      const verifier = await crypto.subtle.importKey(
        'spki',
        spki as BufferSource,
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['verify'],
      );
      const key = {
        kid: await keyIdOf(spki),
        jwk: await jwkFromSpki(spki),
        spki,
        kmsKeyArn: answer.KeyId ?? keyId,
      };
      return { key, verifier };
    })();
    // A failed read is not kept: the next call asks KMS again.
    read.catch(() => publicKeysRead.delete(keyId));
    publicKeysRead.set(keyId, read);
  }
  return read;
}

/** A KMS key's public half, named by its kid. */
export async function publicKeyOf(keyId: string): Promise<PassportPublicKey> {
  return (await readPublicKey(keyId)).key;
}

/** A new passport key in KMS (a rotation), tagged for the passport: its id. */
export async function createSigningKey(): Promise<string> {
  const answer = await kms().send(
    new CreateKeyCommand({
      KeySpec: KEY_SPEC,
      KeyUsage: 'SIGN_VERIFY',
      Description: PASSPORT_KEY_DESCRIPTION,
      Tags: [{ TagKey: PASSPORT_KEY_TAG.key, TagValue: PASSPORT_KEY_TAG.value }],
    }),
  );
  const id = answer.KeyMetadata?.KeyId;
  if (!id) throw new Error('KMS made no key');
  return id;
}

/**
 * Signs `bytes` with the KMS key `keyId`: the kid and the raw r‖s. The signature is checked
 * against the key's public half before it is given out, so a KMS or conversion fault never
 * reaches a card.
 */
export async function sign(bytes: Uint8Array, keyId = deploymentKeyId()): Promise<PassportSignature> {
  if (bytes.length === 0) throw new Error('KMS signs at least one byte');
  // KMS hashes a RAW message of at most 4096 bytes itself; a longer one (a certificate naming
  // many photographs) goes as its SHA-256 DIGEST, which makes the same ES256 signature.
  const raw = bytes.length <= MAX_SIGNED_BYTES;
  const message = raw ? bytes : new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  const [{ key, verifier }, answer] = await Promise.all([
    readPublicKey(keyId),
    kms().send(
      new SignCommand({
        KeyId: keyId,
        Message: message,
        MessageType: raw ? 'RAW' : 'DIGEST',
        SigningAlgorithm: SIGNING_ALGORITHM,
      }),
    ),
  ]);
  if (!answer.Signature) throw new Error(`KMS answered no signature for key ${keyId}`);
  const signature = rawFromDer(answer.Signature);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    verifier,
    signature as BufferSource,
    bytes as BufferSource,
  );
  if (!valid) throw new Error(`KMS key ${keyId} answered a signature its public key does not verify`);
  return { kid: key.kid, signature };
}

/**
 * The log's checkpoint key (docs/passport.md, Keys): Ed25519 in KMS (`ECC_NIST_EDWARDS25519`,
 * `ED25519_SHA_512` over the RAW note body), named by PASSPORT_LOG_KEY_ID, tagged as the others
 * (the signer alone may sign with it). It signs checkpoints only.
 */
export const PASSPORT_LOG_KEY_ID = 'PASSPORT_LOG_KEY_ID';
export const PASSPORT_LOG_KEY_DESCRIPTION = "The passport log's checkpoint key (docs/passport.md)";
export const LOG_KEY_SPEC = 'ECC_NIST_EDWARDS25519';
const LOG_SIGNING_ALGORITHM = 'ED25519_SHA_512';

export function logKeyId(): string {
  const id = process.env[PASSPORT_LOG_KEY_ID];
  if (!id) throw new Error(`${PASSPORT_LOG_KEY_ID} is not set`);
  return id;
}

const logKeysRead = new Map<string, Promise<Uint8Array>>();

/** The log key's 32-byte Ed25519 public key. */
export function logPublicKey(keyId = logKeyId()): Promise<Uint8Array> {
  let read = logKeysRead.get(keyId);
  if (!read) {
    read = (async () => {
      const answer = await kms().send(new GetPublicKeyCommand({ KeyId: keyId }));
      const raw = answer.PublicKey && ed25519FromSpki(answer.PublicKey);
      if (answer.KeySpec !== LOG_KEY_SPEC || answer.KeyUsage !== 'SIGN_VERIFY' || !raw)
        throw new Error(`KMS key ${keyId} is not an ${LOG_KEY_SPEC} SIGN_VERIFY key`);
      return raw;
    })();
    read.catch(() => logKeysRead.delete(keyId));
    logKeysRead.set(keyId, read);
  }
  return read;
}

/** Ed25519 over `bytes` with the log key, checked against its public half before it is given out. */
export async function signWithLogKey(bytes: Uint8Array, keyId = logKeyId()): Promise<Uint8Array> {
  if (bytes.length === 0 || bytes.length > MAX_SIGNED_BYTES) throw new Error('KMS signs 1 to 4096 bytes');
  const [publicKey, answer] = await Promise.all([
    logPublicKey(keyId),
    kms().send(
      new SignCommand({
        KeyId: keyId,
        Message: bytes,
        MessageType: 'RAW',
        SigningAlgorithm: LOG_SIGNING_ALGORITHM,
      }),
    ),
  ]);
  const signature = answer.Signature;
  if (!signature || !(await verifyEd25519(publicKey, signature, bytes)))
    throw new Error(`KMS key ${keyId} answered a signature its public key does not verify`);
  return signature;
}
