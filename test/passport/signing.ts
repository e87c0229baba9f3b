import { keyIdOf } from '#shared/passport/key-id.ts';
import type { KeySet, PassportKey, RawSigner } from '#shared/passport/keys.ts';

/** A passport signing key for the tests: a WebCrypto P-256 key pair, its listing and its signer. */
export interface TestKey {
  key: PassportKey;
  spki: Uint8Array;
  sign: RawSigner;
}

export const ISSUER = 'https://shop.example';

export async function makeTestKey(from = '2026-01-01T00:00:00.000Z', until?: string): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const { x = '', y = '' } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const key: PassportKey = {
    kid: await keyIdOf(spki),
    jwk: { kty: 'EC', crv: 'P-256', x, y },
    from,
    ...(until ? { until } : {}),
  };
  const sign: RawSigner = async (data) =>
    new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, data as BufferSource),
    );
  return { key, spki, sign };
}

export const keySet = (...keys: TestKey[]): KeySet => ({ issuer: ISSUER, keys: keys.map((k) => k.key) });
