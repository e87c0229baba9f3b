import { toBase64url } from './base64url.ts';

/**
 * ECDSA P-256 signatures in their two encodings: the ASN.1 DER `SEQUENCE { r INTEGER, s INTEGER }`
 * KMS answers (and the checkpoints' signed note carries, as C2SP's key type 0x02 does), and the
 * raw 64-byte `r‖s` of JOSE, the codes and WebCrypto.
 */

const SIZE = 32;
/** The order n of P-256's group: r and s are in 1..n-1. */
const ORDER = 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551';

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
/** A 32-byte big-endian number in 1..n-1 (same-length hex compares as the numbers do). */
const inRange = (value: Uint8Array) => {
  const digits = hexOf(value);
  return /[^0]/.test(digits) && digits < ORDER;
};

function integerBytes(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.subarray(start);
  // A leading 0x00 keeps a high first bit from reading as a negative number.
  return (trimmed[0] as number) & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed;
}

/** Raw `r‖s` (64 bytes) to DER. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length !== 2 * SIZE) throw new Error(`a raw P-256 signature is 64 bytes, not ${raw.length}`);
  if (!inRange(raw.subarray(0, SIZE)) || !inRange(raw.subarray(SIZE)))
    throw new Error('not a raw ECDSA P-256 signature: r or s is out of range');
  const r = integerBytes(raw.subarray(0, SIZE));
  const s = integerBytes(raw.subarray(SIZE));
  const body = [0x02, r.length, ...r, 0x02, s.length, ...s];
  return Uint8Array.of(0x30, body.length, ...body);
}

/** DER to raw `r‖s`; undefined for anything but a strict DER P-256 signature. */
export function derToRaw(der: Uint8Array): Uint8Array | undefined {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return undefined;
  const raw = new Uint8Array(2 * SIZE);
  let at = 2;
  for (const offset of [0, SIZE]) {
    if (der[at] !== 0x02) return undefined;
    const length = der[at + 1] as number;
    const value = der.subarray(at + 2, at + 2 + length);
    if (length === 0 || value.length !== length) return undefined;
    // Strict DER: no needless leading zero, no negative number.
    if ((value[0] as number) & 0x80) return undefined;
    if (value[0] === 0 && (length === 1 || !((value[1] as number) & 0x80))) return undefined;
    const digits = value[0] === 0 ? value.subarray(1) : value;
    if (digits.length > SIZE) return undefined;
    raw.set(digits, offset + SIZE - digits.length);
    at += 2 + length;
  }
  return at === der.length && inRange(raw.subarray(0, SIZE)) && inRange(raw.subarray(SIZE)) ? raw : undefined;
}

/** The raw `r‖s` of a DER signature as KMS answers it; throws on anything that is not one. */
export function rawFromDer(der: Uint8Array): Uint8Array {
  const raw = derToRaw(der);
  if (!raw) throw new Error('not a DER ECDSA P-256 signature');
  return raw;
}

/** The DER form of a raw `r‖s` signature; throws unless it is 64 bytes. */
export const derFromRaw = (raw: Uint8Array): Uint8Array => rawToDer(raw);

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
