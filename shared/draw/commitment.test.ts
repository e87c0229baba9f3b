import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitment, isCommitment, isDrawId, isSalt, newDrawId, newSalt } from './commitment.ts';

const DRAW = 'd-AAECAwQFBgcICQoLDA0ODw';
const SALT = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const bytesB64 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Buffer.from(b).toString('base64url'));

describe('a commitment', () => {
  it('is hex(SHA-256("oneofone-draw/v1\\n" + drawId + "\\n" + salt))', async () => {
    const expected = createHash('sha256').update(`oneofone-draw/v1\n${DRAW}\n${SALT}`).digest('hex');
    expect(await commitment(DRAW, SALT)).toBe(expected);
    expect(isCommitment(expected)).toBe(true);
  });

  it('differs for another salt or another draw', async () => {
    await fc.assert(
      fc.asyncProperty(bytesB64, bytesB64, async (a, b) => {
        fc.pre(a !== b);
        expect(await commitment(DRAW, a)).not.toBe(await commitment(DRAW, b));
        expect(await commitment(DRAW, a)).not.toBe(await commitment('d-AAECAwQFBgcICQoLDA0OEA', a));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses an id or a salt that is not one', async () => {
    await expect(commitment('d-AAECAwQFBgcICQoLDA0ODx', SALT)).rejects.toThrow(/draw id/); // stray low bits
    await expect(commitment('x-AAECAwQFBgcICQoLDA0ODw', SALT)).rejects.toThrow(/draw id/);
    await expect(commitment(DRAW, `${SALT.slice(0, -1)}B`)).rejects.toThrow(/salt/);
    await expect(commitment(DRAW, SALT.slice(1))).rejects.toThrow(/salt/);
    await expect(commitment(DRAW, `${SALT}=`)).rejects.toThrow(/salt/);
  });
});

describe('new ids and salts', () => {
  it('are of the format, and each new', () => {
    const ids = Array.from({ length: 200 }, newDrawId);
    const salts = Array.from({ length: 200 }, newSalt);
    expect(ids.every(isDrawId) && salts.every(isSalt)).toBe(true);
    expect(ids[0]).toMatch(/^d-[A-Za-z0-9_-]{22}$/);
    expect(salts[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([...ids, ...salts]).size).toBe(400);
  });

  it('only lowercase hex of 64 characters is a commitment', () => {
    expect(isCommitment('a'.repeat(64))).toBe(true);
    expect(isCommitment('A'.repeat(64))).toBe(false);
    expect(isCommitment('a'.repeat(63))).toBe(false);
    expect(isCommitment(`${'a'.repeat(64)}\n`)).toBe(false);
  });
});
