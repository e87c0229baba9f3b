/** base64url without padding (RFC 4648 §5), on bytes, in the browser and in Node alike. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text; undefined for anything that is not strict base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // Only the canonical text of these bytes (no stray low bits in the last character).
  return toBase64url(bytes) === text ? bytes : undefined;
}
