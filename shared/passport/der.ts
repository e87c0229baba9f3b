/**
 * ECDSA P-256 signatures in their two encodings: the ASN.1 DER `SEQUENCE { r INTEGER, s INTEGER }`
 * KMS answers (and the checkpoints' signed note carries, as C2SP's key type 0x02 does), and the
 * raw 64-byte `r‖s` of JOSE, the codes and WebCrypto.
 */

const SIZE = 32;

function integerBytes(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.subarray(start);
  // A leading 0x00 keeps a high first bit from reading as a negative number.
  return (trimmed[0] as number) & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed;
}

/** Raw `r‖s` (64 bytes) to DER. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length !== 2 * SIZE) throw new Error('A P-256 signature is 64 bytes');
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
  return at === der.length ? raw : undefined;
}
