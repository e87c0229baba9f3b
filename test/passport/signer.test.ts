import { beforeAll, describe, expect, it } from 'vitest';
import { sign } from '#passport/adapters/kms-signer.ts';
import { publicKeys, signCodeBody, signingKey } from '#passport/index.ts';
import { invokeFunction } from '#platform/invoke-function.ts';
import { fromBase64url } from '#shared/passport/base64url.ts';
import { codeBody, codeText, parseCode } from '#shared/passport/code.ts';
import type { PublicJwk } from '#shared/passport/der.ts';
import { keyIdOf } from '#shared/passport/key-id.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The passport's signing key through the local stack's KMS stand-in (infra/local/kms.ts) and its
 * signer through Lambda's Invoke stand-in, as the deployed functions use them: every signature
 * checked with WebCrypto against the published JWK alone.
 */
beforeAll(() => pointAtLocalStack());

const verifier = (jwk: PublicJwk) =>
  crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
const verifies = async (jwk: PublicJwk, signature: Uint8Array, text: string) =>
  crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    await verifier(jwk),
    signature as BufferSource,
    new TextEncoder().encode(text) as BufferSource,
  );

const fieldsWith = (kid: string) => ({
  pieceId: 'piece-37',
  number: 3,
  of: 12,
  collection: 'Soirée',
  issued: '2026-11-27',
  digest: 'AAECAwQFBgcICQoLDA0ODw',
  kid,
});

describe("the passport's signing key (KMS)", () => {
  it('publishes the signing key as a P-256 JWK with its kid, and signs what that JWK verifies', async () => {
    const [published, ...others] = await publicKeys();
    expect(others).toEqual([]);
    expect(published?.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const jwk = published?.jwk as PublicJwk;
    // The kid is the SHA-256 of the key's SPKI, which the JWK gives back.
    const spki = new Uint8Array(
      await crypto.subtle.exportKey(
        'spki',
        await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']),
      ),
    );
    expect(published?.kid).toBe(await keyIdOf(spki));
    const text = 'a message the passport signs';
    const { kid, signature } = await sign(new TextEncoder().encode(text));
    expect(kid).toBe(published?.kid);
    expect(signature).toHaveLength(64);
    expect(await verifies(jwk, signature, text)).toBe(true);
    expect(await verifies(jwk, signature, `${text}.`)).toBe(false);
  });
});

describe('the passport signer (Lambda, invoked synchronously)', () => {
  it("signs a card code's body: the code parses and verifies against the published key", async () => {
    const { kid, jwk } = await signingKey();
    const body = codeBody(fieldsWith(kid));
    const answer = await signCodeBody(body);
    expect(answer.kid).toBe(kid);
    const code = parseCode(codeText(body, answer.signature));
    expect(code?.signed).toBe(body);
    expect(await verifies(jwk, code?.signature as Uint8Array, body)).toBe(true);
    expect(
      await verifies(jwk, fromBase64url(answer.signature) as Uint8Array, body.replace('.3.12.', '.4.12.')),
    ).toBe(false);
  });

  it('refuses with an error, never a signature: a malformed event, another kind, a body naming another key', async () => {
    const { kid } = await signingKey();
    const body = codeBody(fieldsWith(kid));
    const refusals: Record<string, unknown>[] = [
      {},
      { kind: 'sign-code' },
      { kind: 'sign-code', body: 'hello' },
      { kind: 'sign-code', body: `${body}.${'A'.repeat(86)}` },
      { kind: 'sign-anything', body },
      { kind: 'sign-code', body: codeBody(fieldsWith('AAAAAAAAAAA')) },
    ];
    for (const event of refusals)
      await expect(invokeFunction('PASSPORT_SIGNER_FUNCTION', event), JSON.stringify(event)).rejects.toThrow(
        /passport-signer failed: passport signer: refused/,
      );
  });
});
