import { fromBase64url } from './base64url.ts';

/** One key of `/.well-known/passport-keys.json` (docs/passport.md, Keys). */
export interface PassportKey {
  kid: string;
  jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  /** ISO date from which the key signs. */
  from: string;
  /** ISO date it stopped signing, once rotated: what it signed until then still verifies. */
  until?: string;
}

/** The log's Ed25519 checkpoint key (docs/passport.md, Keys): its vkey (signed-note type 0x01). */
export interface LogKey {
  vkey: string;
  /** ISO date from which it signs checkpoints. */
  from: string;
}

export interface KeySet {
  /** The shop's origin, `https://<host>`. */
  issuer: string;
  keys: PassportKey[];
  /** The keys that sign the log's checkpoints now (older checkpoints: an ES256 key of `keys`). */
  logKeys?: LogKey[];
  /** The witness policy, a C2SP tlog-policy text (shared/passport/witness-policy.ts). */
  witnessPolicy?: string;
}

/** Signs bytes with ES256 and answers the raw 64-byte `r‖s` (a KMS adapter or a WebCrypto key). */
export type RawSigner = (data: Uint8Array) => Promise<Uint8Array>;

export const findKey = (keys: KeySet, kid: string) => keys.keys.find((key) => key.kid === kid);

/** Whether the key could sign on the day `day` (YYYY-MM-DD): from its `from` day to its `until` day. */
export const keyValidOn = (key: PassportKey, day: string) =>
  key.from.slice(0, 10) <= day && (!key.until || day <= key.until.slice(0, 10));

/**
 * Each key of a key set is imported once, however many signatures it checks (the /verify page
 * checks the code, the checkpoint, the certificate and the status list with the same key).
 */
const imported = new WeakMap<PassportKey, Promise<CryptoKey | undefined>>();

export function importVerifyKey(key: PassportKey): Promise<CryptoKey | undefined> {
  let found = imported.get(key);
  if (!found) {
    found = importJwk(key);
    imported.set(key, found);
  }
  return found;
}

async function importJwk(key: PassportKey): Promise<CryptoKey | undefined> {
  const { kty, crv, x, y } = key.jwk;
  if (kty !== 'EC' || crv !== 'P-256' || fromBase64url(x)?.length !== 32 || fromBase64url(y)?.length !== 32) {
    return undefined;
  }
  try {
    return await crypto.subtle.importKey(
      'jwk',
      { kty, crv, x, y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['verify'],
    );
  } catch {
    return undefined;
  }
}

/** ES256 over `data` with a raw `r‖s` signature. */
export async function verifyEs256(key: CryptoKey, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  try {
    return await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      signature as BufferSource,
      data as BufferSource,
    );
  } catch {
    return false;
  }
}

/** A key's SubjectPublicKeyInfo (DER), which names it (its kid, its checkpoint key hash). */
export async function spkiOf(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('spki', key));
}
