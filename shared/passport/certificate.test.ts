import { createHash } from 'node:crypto';
import { compactVerify, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { makeTestKey } from '../../test/passport/signing.ts';
import {
  assembleJws,
  type CertificateInput,
  certificateDigest,
  certificatePayload,
  jwsHeader,
  parseCertificate,
  signCertificate,
  signingInput,
} from './certificate.ts';

const INPUT: CertificateInput = {
  issuer: 'https://shop.example',
  validFrom: '2026-11-27T08:00:00.000Z',
  pieceId: 'p-0042',
  collection: 'Nocturne',
  number: 8,
  of: 12,
  description: 'Silk scarf, midnight blue and ivory',
  photos: [{ sha256: 'ab'.repeat(32), path: '/media/p-0042/front.jpg' }],
};

describe('the certificate: a VC 2.0 payload in a compact JWS (docs/passport.md)', () => {
  it('lays the payload out as the doc does, keys in its order', () => {
    const payload = certificatePayload(INPUT);
    expect(Object.keys(payload)).toEqual(['@context', 'type', 'issuer', 'validFrom', 'credentialSubject']);
    expect(Object.keys(payload.credentialSubject)).toEqual([
      'id',
      'collection',
      'number',
      'of',
      'description',
      'photos',
    ]);
    expect(payload).toEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential', 'OneOfOnePieceCertificate'],
      issuer: 'https://shop.example',
      validFrom: '2026-11-27T08:00:00.000Z',
      credentialSubject: {
        id: 'urn:oneofone:piece:p-0042',
        collection: 'Nocturne',
        number: 8,
        of: 12,
        description: 'Silk scarf, midnight blue and ivory',
        photos: [{ sha256: 'ab'.repeat(32), path: '/media/p-0042/front.jpg' }],
      },
    });
  });

  it('carries nothing it was not asked to: an owner slipped into the input stays out', () => {
    const withOwner = {
      ...INPUT,
      email: 'owner@example.com',
      photos: [{ ...(INPUT.photos[0] as object), takenBy: 'Ada Owner' }],
    } as unknown as CertificateInput;
    const text = JSON.stringify(certificatePayload(withOwner));
    expect(text).not.toContain('owner@example.com');
    expect(text).not.toContain('Ada Owner');
  });

  it('cuts the description to 200 characters', () => {
    const payload = certificatePayload({ ...INPUT, description: 'é'.repeat(250) });
    expect(payload.credentialSubject.description).toBe('é'.repeat(200));
  });

  it('signs a JWS (ES256, typ vc+jwt, kid) that jose verifies, with the header in the signing input', async () => {
    const { key, sign } = await makeTestKey();
    const payload = certificatePayload(INPUT);
    const jws = await signCertificate(payload, key.kid, sign);
    const [header] = jws.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({
      alg: 'ES256',
      typ: 'vc+jwt',
      kid: key.kid,
    });
    expect(jws.startsWith(`${signingInput(jwsHeader(key.kid), payload)}.`)).toBe(true);
    const verified = await compactVerify(jws, await importJWK(key.jwk, 'ES256'));
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual(payload);
    expect(parseCertificate(jws)?.payload).toEqual(payload);
  });

  it('assembles a JWS from a raw 64-byte r‖s only', () => {
    expect(assembleJws('a.b', new Uint8Array(64))).toBe(`a.b.${'A'.repeat(86)}`);
    expect(() => assembleJws('a.b', new Uint8Array(72))).toThrow();
  });

  it('digests the JWS as SHA-256 of its ASCII, first 16 bytes, base64url', async () => {
    const jws = 'eyJhbGciOiJFUzI1NiJ9.e30.sig';
    const expected = createHash('sha256').update(jws, 'ascii').digest().subarray(0, 16).toString('base64url');
    expect(await certificateDigest(jws)).toBe(expected);
    expect(expected).toHaveLength(22);
  });

  it('reads only a certificate: another alg or typ, a missing subject, a short signature are not', async () => {
    const { key, sign } = await makeTestKey();
    const jws = await signCertificate(certificatePayload(INPUT), key.kid, sign);
    const [, payload, signature] = jws.split('.');
    const header = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(
      parseCertificate(`${header({ alg: 'ES384', typ: 'vc+jwt', kid: key.kid })}.${payload}.${signature}`),
    ).toBeUndefined();
    expect(
      parseCertificate(`${header({ alg: 'ES256', typ: 'JWT', kid: key.kid })}.${payload}.${signature}`),
    ).toBeUndefined();
    expect(parseCertificate(`${jws.split('.')[0]}.${header({ issuer: 'x' })}.${signature}`)).toBeUndefined();
    expect(parseCertificate(jws.slice(0, -2))).toBeUndefined();
  });
});
