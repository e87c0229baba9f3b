import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase64url } from './base64url.ts';
import { derFromRaw, jwkFromSpki, rawFromDer } from './der.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
const b64u = (text: string) => toBase64url(hex(text));

/** RFC 6979 A.2.5: the P-256 key and its ECDSA signatures with SHA-256 (deterministic k). */
const RFC6979 = {
  ux: '60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6',
  uy: '7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299',
  // Both r and s have their high bit set: DER adds a 0x00 to each.
  sample: {
    r: 'EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716',
    s: 'F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8',
  },
  // r needs the 0x00, s (0x01…) does not.
  test: {
    r: 'F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367',
    s: '019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083',
  },
};
const publicKey = createPublicKey({
  key: { kty: 'EC', crv: 'P-256', x: b64u(RFC6979.ux), y: b64u(RFC6979.uy) },
  format: 'jwk',
});

const DER = {
  sample: hex(`3046 0221 00${RFC6979.sample.r} 0221 00${RFC6979.sample.s}`),
  test: hex(`3045 0221 00${RFC6979.test.r} 0220 ${RFC6979.test.s}`),
  // r of 31 bytes and s of one: both left-padded to 32 in the raw form.
  short: hex(`3024 021f 7f${'11'.repeat(30)} 0201 02`),
};

describe('DER ↔ raw r‖s (ECDSA P-256)', () => {
  it('turns the RFC 6979 signatures, with and without leading 0x00 bytes, into r‖s and back', () => {
    for (const name of ['sample', 'test'] as const) {
      const { r, s } = RFC6979[name];
      const raw = rawFromDer(DER[name]);
      expect(Buffer.from(raw).toString('hex').toUpperCase()).toBe(r + s);
      expect(derFromRaw(raw)).toEqual(DER[name]);
      // The vectors are the RFC's: they verify against its key in both forms.
      const message = Buffer.from(name);
      expect(verify('sha256', message, publicKey, DER[name])).toBe(true);
      expect(verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
    }
  });

  it('left-pads a short r or s to 32 bytes, and DER drops the padding again', () => {
    const raw = rawFromDer(DER.short);
    expect(raw).toHaveLength(64);
    expect(Buffer.from(raw).toString('hex')).toBe(`007f${'11'.repeat(30)}${'00'.repeat(31)}02`);
    expect(derFromRaw(raw)).toEqual(DER.short);
  });

  it('refuses malformed DER', () => {
    const malformed: Record<string, string> = {
      empty: '',
      'a SET, not a SEQUENCE': `3145 0221 00${RFC6979.test.r} 0220 ${RFC6979.test.s}`,
      'a trailing byte': `3045 0221 00${RFC6979.test.r} 0220 ${RFC6979.test.s} 00`,
      'a wrong length': `3046 0221 00${RFC6979.test.r} 0220 ${RFC6979.test.s}`,
      'a cut s': `3044 0221 00${RFC6979.test.r} 0220 ${RFC6979.test.s.slice(0, -2)}`,
      'a negative r (high bit, no 0x00)': `3044 0220 ${RFC6979.test.r} 0220 ${RFC6979.test.s}`,
      'a needless leading zero': '3007 0202 0001 0201 01',
      'r = 0': '3006 0201 00 0201 01',
      'r = n, the group order': `3026 0221 00${'FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551'} 0201 01`,
      'an OCTET STRING for s': `3045 0221 00${RFC6979.test.r} 0420 ${RFC6979.test.s}`,
    };
    for (const [what, text] of Object.entries(malformed))
      expect(() => rawFromDer(hex(text)), what).toThrow(/not a DER ECDSA P-256 signature/);
  });

  it('refuses a raw signature that is not 64 bytes or whose r or s is out of range', () => {
    const raw = rawFromDer(DER.test);
    expect(() => derFromRaw(raw.subarray(0, 63))).toThrow(/64 bytes, not 63/);
    expect(() => derFromRaw(new Uint8Array([...raw, 0]))).toThrow(/64 bytes, not 65/);
    expect(() => derFromRaw(new Uint8Array(64))).toThrow(/not a raw ECDSA P-256 signature/);
  });
});

describe('SPKI → JWK', () => {
  it('gives the RFC 6979 key as {kty, crv, x, y}', async () => {
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    expect(await jwkFromSpki(spki)).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: b64u(RFC6979.ux),
      y: b64u(RFC6979.uy),
    });
  });

  it('refuses a key of another curve or algorithm, and bytes that are no SPKI', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
    for (const spki of [p384, ed25519, Buffer.from('not a key')])
      await expect(jwkFromSpki(spki)).rejects.toThrow();
  });
});
