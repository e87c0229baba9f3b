import { beforeAll, describe, expect, it } from 'vitest';
import { deploymentKeyId, publicKeyOf, sign } from '#passport/adapters/kms-signer.ts';
import { keySet, signCodeBody, signingKid } from '#passport/index.ts';
import { signCertificateInput, signProofBody, signStatusListInput } from '#passport/signer.ts';
import { invokeFunction } from '#platform/invoke-function.ts';
import { fromBase64url } from '#shared/passport/base64url.ts';
import { utf8 } from '#shared/passport/bytes.ts';
import { assembleJws, certificatePayload, jwsHeader, signingInput } from '#shared/passport/certificate.ts';
import { codeBody, codeText, parseCode } from '#shared/passport/code.ts';
import type { PublicJwk } from '#shared/passport/der.ts';
import { keyIdOf } from '#shared/passport/key-id.ts';
import { proofBody, proofExpiry } from '#shared/passport/proof.ts';
import {
  credentialStatus,
  encodeStatusList,
  statusBits,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import { verifyCertificate, verifyFragment, verifyStatusList } from '#shared/passport/verify.ts';
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
    utf8(text) as BufferSource,
  );

const today = () => new Date().toISOString().slice(0, 10);
const fieldsWith = (kid: string) => ({
  pieceId: 'piece-37',
  number: 3,
  of: 12,
  collection: 'Soirée',
  issued: today(),
  digest: 'AAECAwQFBgcICQoLDA0ODw',
  kid,
});
const shop = () => new URL(process.env.SHOP_URL as string).origin;
const certificateWith = (kid: string, issuer = shop(), statusIndex: number | null = 7) =>
  signingInput(
    jwsHeader(kid),
    certificatePayload({
      issuer,
      validFrom: new Date().toISOString(),
      pieceId: 'piece-37',
      collection: 'Soirée',
      number: 3,
      of: 12,
      description: 'Evening gown — black',
      photos: [],
      ...(statusIndex === null ? {} : { statusIndex }),
    }),
  );
const statusListWith = async (kid: string, issuer = shop()) =>
  statusListSigningInput(
    kid,
    statusListPayload({
      issuer,
      validFrom: new Date().toISOString(),
      encodedList: await encodeStatusList(statusBits(1, [7])),
    }),
  );
const proofWith = (kid: string, days: number) =>
  proofBody({
    pieceId: 'piece-37',
    since: today().slice(0, 7),
    expires: new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
    id: 'AAECAwQFBgcICQoLDA0ODw',
    kid,
  });

describe('the KMS adapter', () => {
  it('signs a text longer than KMS takes RAW (4096 bytes) as its digest: the same ES256 signature', async () => {
    const key = await publicKeyOf(deploymentKeyId());
    for (const text of ['a short text', 'x'.repeat(10_000)]) {
      const { signature, kid } = await sign(utf8(text));
      expect(kid).toBe(key.kid);
      expect(await verifies(key.jwk, signature, text)).toBe(true);
    }
  });
});

describe("the passport's signing key (KMS)", () => {
  it("signs with the deployment's key what its published JWK verifies, named by the SPKI's kid", async () => {
    const published = await publicKeyOf(deploymentKeyId());
    expect(published.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(published.kid).toBe(await keyIdOf(published.spki));
    const text = 'a message the passport signs';
    const { kid, signature } = await sign(utf8(text));
    expect(kid).toBe(published.kid);
    expect(signature).toHaveLength(64);
    expect(await verifies(published.jwk, signature, text)).toBe(true);
    expect(await verifies(published.jwk, signature, `${text}.`)).toBe(false);
  });
});

describe('the passport signer (Lambda, invoked synchronously)', () => {
  it("signs a card code's body with the key that signs now: the code verifies against the key set", async () => {
    const kid = await signingKid();
    const body = codeBody(fieldsWith(kid));
    const answer = await signCodeBody(body);
    expect(answer.kid).toBe(kid);
    const code = codeText(body, answer.signature);
    expect(parseCode(code)?.signed).toBe(body);
    const keys = await keySet();
    expect(await verifyFragment(code, keys)).toMatchObject({ ok: true, kind: 'code', kid });
    const jwk = keys.keys.find((key) => key.kid === kid)?.jwk as PublicJwk;
    expect(
      await verifies(jwk, fromBase64url(answer.signature) as Uint8Array, body.replace('.3.12.', '.4.12.')),
    ).toBe(false);
  });

  it("signs a certificate's signing input and a proof of 1 or 30 days: each verifies", async () => {
    const kid = await signingKid();
    const input = certificateWith(kid);
    const jws = assembleJws(
      input,
      fromBase64url((await signCertificateInput(input)).signature) as Uint8Array,
    );
    const keys = await keySet();
    expect(await verifyCertificate(jws, keys)).toMatchObject({ ok: true, pieceId: 'piece-37', kid });
    for (const days of [1, 30]) {
      const body = proofWith(kid, days);
      expect(body).toContain(proofExpiry(today(), days).replace(/-/g, ''));
      const proof = codeText(body, (await signProofBody(body)).signature);
      expect(await verifyFragment(proof, keys)).toMatchObject({ ok: true, kind: 'proof', kid });
    }
  });

  it("signs the shop's status list credential: the certificate's bit reads from it", async () => {
    const kid = await signingKid();
    const input = await statusListWith(kid);
    const jws = assembleJws(input, fromBase64url((await signStatusListInput(input)).signature) as Uint8Array);
    expect(await verifyStatusList(jws, await keySet(), credentialStatus(shop(), 7))).toEqual({
      ok: true,
      index: 7,
      reported: true,
    });
  });

  it('refuses with an error, never a signature: a malformed event, another kind, a text naming another key, a non-certificate, a proof of 0 or 31 days, another issuer, a certificate without its status entry, a status list not the shop’s', async () => {
    const kid = await signingKid();
    const body = codeBody(fieldsWith(kid));
    const [header = ''] = certificateWith(kid).split('.');
    const refusals: Record<string, unknown>[] = [
      {},
      { kind: 'sign-code' },
      { kind: 'sign-code', body: 'hello' },
      { kind: 'sign-code', body: `${body}.${'A'.repeat(86)}` },
      { kind: 'sign-anything', body },
      { kind: 'sign-code', body: codeBody(fieldsWith('AAAAAAAAAAA')) },
      { kind: 'certificate', input: certificateWith('AAAAAAAAAAA') },
      { kind: 'certificate', input: `${header}.${Buffer.from('{"hello":"world"}').toString('base64url')}` },
      { kind: 'certificate', input: body },
      { kind: 'certificate', input: certificateWith(kid, 'https://elsewhere.example') },
      // A certificate that names no bit in the shop's status list.
      { kind: 'certificate', input: certificateWith(kid, shop(), null) },
      { kind: 'status-list', input: await statusListWith(kid, 'https://elsewhere.example') },
      { kind: 'status-list', input: await statusListWith('AAAAAAAAAAA') },
      { kind: 'status-list', input: certificateWith(kid) },
      { kind: 'proof', body: proofWith(kid, 31) },
      { kind: 'proof', body: proofWith(kid, 0) },
      { kind: 'proof', body: proofWith('AAAAAAAAAAA', 10) },
      { kind: 'rotate' },
    ];
    for (const event of refusals)
      await expect(invokeFunction('PASSPORT_SIGNER_FUNCTION', event), JSON.stringify(event)).rejects.toThrow(
        /passport-signer failed: passport signer: refused/,
      );
  });
});
