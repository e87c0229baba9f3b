import { toBase64url } from './base64url.ts';

/** docs/passport.md: a key's id is the first 8 bytes of SHA-256 of its SubjectPublicKeyInfo (DER), base64url. */
export async function keyIdOf(spki: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', spki as BufferSource));
  return toBase64url(digest.subarray(0, 8));
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
