import { beforeAll, describe, expect, it } from 'vitest';
import { issuePiece, signStatusList } from '../../test/passport/fixtures.ts';
import { keySet, makeTestKey, type TestKey } from '../../test/passport/signing.ts';
import { fromBase64url } from './base64url.ts';
import { type CertificatePayload, parseCertificate, signCertificate } from './certificate.ts';
import {
  bitAt,
  type CredentialStatus,
  credentialStatus,
  decodeStatusList,
  encodeStatusList,
  STATUS_LIST_BLOCK,
  statusBits,
} from './status-list.ts';
import { verifyCertificate, verifyStatusList } from './verify.ts';

const PIECE = {
  pieceId: 'p-0042',
  collection: 'Nocturne',
  number: 8,
  of: 12,
  validFrom: '2026-11-02T10:00:00.000Z',
  statusIndex: 41,
};

let signer: TestKey;
let stranger: TestKey;
beforeAll(async () => {
  signer = await makeTestKey('2026-01-01T00:00:00.000Z');
  stranger = await makeTestKey('2026-01-01T00:00:00.000Z');
});

describe('the bitstring (W3C Bitstring Status List v1.0)', () => {
  it('is at least 16 KB, index 0 its left-most bit, GZIP-compressed and multibase base64url', async () => {
    const bits = statusBits(3, [0, 9, 131_071]);
    expect(bits.length).toBe(STATUS_LIST_BLOCK);
    expect([bits[0], bits[1], bits.at(-1)]).toEqual([0x80, 0x40, 0x01]);
    expect(statusBits(131_073, []).length).toBe(2 * STATUS_LIST_BLOCK);
    const encoded = await encodeStatusList(bits);
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
    expect([...(fromBase64url(encoded.slice(1)) as Uint8Array).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const decoded = (await decodeStatusList(encoded)) as Uint8Array;
    expect(decoded).toEqual(bits);
    expect([0, 1, 8, 9, 131_071].map((index) => bitAt(decoded, index))).toEqual([1, 0, 0, 1, 1]);
  });

  it('is refused without its multibase prefix, when not GZIP, or not of whole 16 KB blocks', async () => {
    const encoded = await encodeStatusList(statusBits(1, [5]));
    expect(await decodeStatusList(encoded.slice(1))).toBeUndefined();
    expect(await decodeStatusList(`z${encoded.slice(1)}`)).toBeUndefined();
    expect(await decodeStatusList('uAAAA')).toBeUndefined();
    expect(await decodeStatusList(await encodeStatusList(new Uint8Array(100)))).toBeUndefined();
  });
});

describe('a certificate names its bit', () => {
  it('as a BitstringStatusListEntry of purpose suspension, on the shop’s list', async () => {
    const { certificate } = await issuePiece(PIECE, signer);
    expect(parseCertificate(certificate)?.payload.credentialStatus).toEqual(
      credentialStatus('https://shop.example', 41),
    );
    expect(await verifyCertificate(certificate, keySet(signer))).toMatchObject({ ok: true });
    // Certificates issued before the list name none, and still verify.
    const { certificate: older } = await issuePiece({ ...PIECE, statusIndex: undefined }, signer);
    expect(parseCertificate(older)?.payload.credentialStatus).toBeUndefined();
    // Another purpose, a numeric index, an extra field: not a certificate of this format.
    const payload = parseCertificate(certificate)?.payload as CertificatePayload;
    const entry = payload.credentialStatus as CredentialStatus;
    for (const changed of [
      { ...entry, statusPurpose: 'revocation' },
      { ...entry, statusListIndex: 41 },
      { ...entry, statusSize: 1 },
    ]) {
      const jws = await signCertificate(
        { ...payload, credentialStatus: changed } as unknown as CertificatePayload,
        signer.key.kid,
        signer.sign,
      );
      expect(await verifyCertificate(jws, keySet(signer)), JSON.stringify(changed)).toEqual({
        ok: false,
        reason: 'not-a-certificate',
      });
    }
  });
});

describe('the page reads the status list for a certificate', () => {
  const status = credentialStatus('https://shop.example', 41);

  it('says reported when the bit is set, and not when it is clear', async () => {
    const keys = keySet(signer);
    expect(await verifyStatusList(await signStatusList([41], signer), keys, status)).toEqual({
      ok: true,
      index: 41,
      reported: true,
    });
    expect(await verifyStatusList(await signStatusList([40, 42], signer), keys, status)).toEqual({
      ok: true,
      index: 41,
      reported: false,
    });
  });

  it('says why not: altered, another key, another issuer, another list, no such index, not a list, a key not yet signing', async () => {
    const keys = keySet(signer);
    const list = await signStatusList([41], signer);
    const [h, p, s] = list.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.credentialSubject.encodedList = await encodeStatusList(statusBits(1, []));
    const altered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect(await verifyStatusList(altered, keys, status)).toEqual({ ok: false, reason: 'signature-invalid' });
    expect(await verifyStatusList(await signStatusList([41], stranger), keys, status)).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
    const elsewhere = await signStatusList([41], signer, { issuer: 'https://elsewhere.example' });
    expect(await verifyStatusList(elsewhere, keys, status)).toEqual({ ok: false, reason: 'wrong-issuer' });
    const otherList: CredentialStatus = credentialStatus('https://elsewhere.example', 41);
    expect(await verifyStatusList(list, keys, otherList)).toEqual({ ok: false, reason: 'wrong-list' });
    const beyond = credentialStatus('https://shop.example', 8 * STATUS_LIST_BLOCK);
    expect(await verifyStatusList(list, keys, beyond)).toEqual({ ok: false, reason: 'index-out-of-range' });
    expect(await verifyStatusList('a.b.c', keys, status)).toEqual({ ok: false, reason: 'not-a-status-list' });
    const early = await signStatusList([41], signer, { validFrom: '2025-12-31T23:59:59.000Z' });
    expect(await verifyStatusList(early, keys, status)).toEqual({ ok: false, reason: 'key-not-valid-then' });
  });
});
