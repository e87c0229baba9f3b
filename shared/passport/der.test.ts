import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derToRaw, rawToDer } from './der.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s/g, ''), 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// RFC 6979 A.2.5, P-256 with SHA-256: the signatures of "sample" and "test".
const SAMPLE_R = 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716';
const SAMPLE_S = 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8';
const TEST_R = 'f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367';
const TEST_S = '019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083';
const RFC_KEY = {
  kty: 'EC',
  crv: 'P-256',
  x: Buffer.from('60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6', 'hex').toString(
    'base64url',
  ),
  y: Buffer.from('7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299', 'hex').toString(
    'base64url',
  ),
};

describe('ECDSA signatures between DER (KMS, the checkpoint) and raw r‖s (JOSE, the codes)', () => {
  it('converts the RFC 6979 vectors both ways: a high first bit gets a 0x00, a low one none', () => {
    const sampleDer = `30460221 00${SAMPLE_R} 0221 00${SAMPLE_S}`;
    const testDer = `30450221 00${TEST_R} 0220 ${TEST_S}`;
    expect(toHex(rawToDer(hex(SAMPLE_R + SAMPLE_S)))).toBe(toHex(hex(sampleDer)));
    expect(toHex(rawToDer(hex(TEST_R + TEST_S)))).toBe(toHex(hex(testDer)));
    expect(toHex(derToRaw(hex(sampleDer)) as Uint8Array)).toBe(SAMPLE_R + SAMPLE_S);
    expect(toHex(derToRaw(hex(testDer)) as Uint8Array)).toBe(TEST_R + TEST_S);
  });

  it('gives a raw signature WebCrypto verifies with the RFC 6979 key', async () => {
    const key = await crypto.subtle.importKey('jwk', RFC_KEY, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    const raw = derToRaw(rawToDer(hex(SAMPLE_R + SAMPLE_S))) as Uint8Array;
    const data = new TextEncoder().encode('sample');
    expect(
      await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw as BufferSource, data),
    ).toBe(true);
  });

  it('shortens an integer with leading zero bytes, and reads it back to 32 bytes', () => {
    const r = `0000${'7f'.repeat(30)}`;
    const s = `00${'80'.repeat(31)}`;
    const der = rawToDer(hex(r + s));
    expect(toHex(der)).toBe(`3042021e${'7f'.repeat(30)}022000${'80'.repeat(31)}`);
    expect(toHex(derToRaw(der) as Uint8Array)).toBe(r + s);
  });

  it('agrees with node:crypto on 50 signatures (DER signed, raw verified)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (let i = 0; i < 50; i++) {
      const data = Buffer.from(`message ${i}`);
      const der = sign('sha256', data, { key: privateKey, dsaEncoding: 'der' });
      const raw = derToRaw(der) as Uint8Array;
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
      expect(Buffer.from(rawToDer(raw)).equals(der)).toBe(true);
    }
  });

  it('refuses what is not strict DER', () => {
    const good = hex(`30450221 00${TEST_R} 0220 ${TEST_S}`);
    const cases = [
      good.subarray(0, good.length - 1), // cut short
      Uint8Array.of(...good, 0), // trailing byte
      Uint8Array.from(good, (b, i) => (i === 0 ? 0x31 : b)), // not a SEQUENCE
      Uint8Array.from(good, (b, i) => (i === 3 ? 0x20 : b)), // wrong length
      hex(`30460221 00${TEST_R} 0221 00${TEST_S}`), // needless leading zero
      hex(`30440220 ${TEST_R} 0220 ${TEST_S}`), // negative r
    ];
    for (const bad of cases) expect(derToRaw(bad)).toBeUndefined();
    expect(() => rawToDer(new Uint8Array(63))).toThrow();
  });
});
