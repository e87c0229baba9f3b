import { describe, expect, it } from 'vitest';
import { ownedSince, proofState } from './proof-state.ts';

const proof = { pid: 'p-1', ownerSalt: 'salt-a', expires: '2026-12-01' };
const record = { pid: 'p-1', ownerSalt: 'salt-a' };
const at = (time: string) => Date.parse(time);

describe('whether a resale proof stands', () => {
  it('valid until 00:00 UTC of its expiry day, then expired', () => {
    expect(proofState(proof, record, at('2026-11-30T23:59:59.999Z'))).toBe('valid');
    expect(proofState(proof, record, at('2026-12-01T00:00:00.000Z'))).toBe('expired');
  });

  it('voided once the record has another owner salt, holds another piece or is gone, even past expiry', () => {
    for (const now of [at('2026-11-27T00:00:00Z'), at('2027-01-01T00:00:00Z')]) {
      expect(proofState(proof, { ...record, ownerSalt: 'salt-b' }, now)).toBe('voided');
      expect(proofState(proof, { ...record, ownerSalt: undefined }, now)).toBe('voided');
      expect(proofState(proof, { ...record, pid: 'p-2' }, now)).toBe('voided');
      expect(proofState(proof, undefined, now)).toBe('voided');
    }
  });

  it("dates ownership from the owner's transfer, else the record's making (the sale)", () => {
    expect(ownedSince({ createdAt: '2026-03-04T05:06:07.000Z' })).toBe('2026-03');
    expect(
      ownedSince({ createdAt: '2026-03-04T05:06:07.000Z', transferDateTime: '2026-10-31T23:00:00.000Z' }),
    ).toBe('2026-10');
  });
});
