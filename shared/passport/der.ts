import { p256 } from '@noble/curves/nist.js';
import { toBase64url } from './base64url.ts';

/**
 * docs/passport.md, Keys: KMS answers ECDSA signatures in DER (an ASN.1 SEQUENCE of the
 * INTEGERs r and s, each minimal and positive); JOSE and the codes carry the raw 64 bytes
 * `r‖s`, each left-padded to 32. @noble/curves parses DER strictly (no trailing bytes, no
 * needless or missing leading zero, r and s in 1..n-1), so a malformed signature is refused
 * here rather than signed into a certificate.
 */
export const RAW_SIGNATURE_LENGTH = 64;

/** The raw `r‖s` of a DER ECDSA P-256 signature; throws on anything that is not one. */
export function rawFromDer(der: Uint8Array): Uint8Array {
  try {
    return p256.Signature.fromBytes(der, 'der').toBytes('compact');
  } catch (error) {
    throw new Error(`not a DER ECDSA P-256 signature: ${(error as Error).message}`);
  }
}

/** The DER form of a raw `r‖s` signature; throws unless it is 64 bytes with r and s in range. */
export function derFromRaw(raw: Uint8Array): Uint8Array {
  if (raw.length !== RAW_SIGNATURE_LENGTH)
    throw new Error(`a raw P-256 signature is ${RAW_SIGNATURE_LENGTH} bytes, not ${raw.length}`);
  try {
    return p256.Signature.fromBytes(raw, 'compact').toBytes('der');
  } catch (error) {
    throw new Error(`not a raw ECDSA P-256 signature: ${(error as Error).message}`);
  }
}

/** A published key (docs/passport.md: `/.well-known/passport-keys.json`). */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/**
 * The JWK of a P-256 SubjectPublicKeyInfo (DER), as KMS's GetPublicKey answers it. WebCrypto
 * refuses an SPKI of another curve or algorithm; only the public coordinates are kept.
 */
export async function jwkFromSpki(spki: Uint8Array): Promise<PublicJwk> {
  const key = await crypto.subtle.importKey(
    'spki',
    spki as BufferSource,
    { name: 'ECDSA', namedCurve: 'P-256' },
    true,
    ['verify'],
  );
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key));
  // The uncompressed point: 0x04 ‖ x ‖ y.
  return {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64url(raw.subarray(1, 33)),
    y: toBase64url(raw.subarray(33, 65)),
  };
}
