import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { recordAwsCalls } from '#platform/aws-call-log.ts';
import { jwkFromSpki, type PublicJwk, rawFromDer } from '#shared/passport/der.ts';
import { keyIdOf } from '#shared/passport/key-id.ts';

/**
 * The passport's signing key in KMS (docs/passport.md, Keys): ECDSA P-256, `ECDSA_SHA_256` over
 * the RAW message (KMS hashes it). KMS answers DER; the passport carries raw r‖s. The key is
 * named by PASSPORT_KEY_ID (infra/constructs/passport-signer.ts; locally infra/local/stack.ts,
 * whose KMS stand-in the same client reaches through AWS_ENDPOINT_URL_KMS). Only the passport
 * signer's role may kms:Sign (docs/iam.md).
 */
export const PASSPORT_KEY_ID = 'PASSPORT_KEY_ID';
/** The key's description in KMS (infra/constructs/passport-signer.ts; the local stack finds it by it). */
export const PASSPORT_KEY_DESCRIPTION = 'The passport signing key (docs/passport.md)';
const KEY_SPEC = 'ECC_NIST_P256';
const SIGNING_ALGORITHM = 'ECDSA_SHA_256';
/** KMS signs a RAW message of at most 4096 bytes. */
export const MAX_SIGNED_BYTES = 4096;

export interface PassportPublicKey {
  /** docs/passport.md: the first 8 bytes of SHA-256 of the SPKI, base64url. */
  kid: string;
  jwk: PublicJwk;
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

function signingKeyId(): string {
  const id = process.env[PASSPORT_KEY_ID];
  if (!id) throw new Error(`${PASSPORT_KEY_ID} is not set`);
  return id;
}

/** A key's public half does not change: read once per container and key. */
const publicKeysRead = new Map<
  string,
  Promise<{ key: PassportPublicKey; verifier: CryptoKey; spki: Uint8Array }>
>();

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
        kmsKeyArn: answer.KeyId ?? keyId,
      };
      return { key, verifier, spki };
    })();
    // A failed read is not kept: the next call asks KMS again.
    read.catch(() => publicKeysRead.delete(keyId));
    publicKeysRead.set(keyId, read);
  }
  return read;
}

/** The key that signs now (the one PASSPORT_KEY_ID names). */
export async function signingKey(): Promise<PassportPublicKey> {
  return (await readPublicKey(signingKeyId())).key;
}

/** The signing key's SubjectPublicKeyInfo (DER): a checkpoint's signature line names its hash. */
export async function signingKeySpki(): Promise<Uint8Array> {
  return (await readPublicKey(signingKeyId())).spki;
}

/** The keys to publish (`/.well-known/passport-keys.json`, the export): for now the signing key alone. */
export async function publicKeys(): Promise<PassportPublicKey[]> {
  return [await signingKey()];
}

/**
 * Signs `bytes` with the signing key: the kid and the raw r‖s. The signature is checked against
 * the key's public half before it is given out, so a KMS or conversion fault never reaches a card.
 */
export async function sign(bytes: Uint8Array): Promise<PassportSignature> {
  if (bytes.length === 0 || bytes.length > MAX_SIGNED_BYTES)
    throw new Error(`KMS signs 1 to ${MAX_SIGNED_BYTES} bytes, not ${bytes.length}`);
  const keyId = signingKeyId();
  const [{ key, verifier }, answer] = await Promise.all([
    readPublicKey(keyId),
    kms().send(
      new SignCommand({
        KeyId: keyId,
        Message: bytes,
        MessageType: 'RAW',
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
