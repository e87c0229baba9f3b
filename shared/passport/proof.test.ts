import { describe, expect, it } from 'vitest';
import { parseProof, proofBody, proofExpiry } from './proof.ts';

const FIELDS = {
  pieceId: 'p.0042/é',
  since: '2026-03',
  expires: '2026-12-05',
  id: 'A'.repeat(22),
  kid: 'abcdefghijk',
};
const SIG = `${'B'.repeat(85)}A`;

describe('the resale proof p1.<pid>.<since>.<exp>.<id>.<kid>.<sig>', () => {
  it('writes the signed body with the piece id percent-encoded (dots too), the month and the day', () => {
    expect(proofBody(FIELDS)).toBe(`p1.p%2E0042%2F%C3%A9.202603.20261205.${'A'.repeat(22)}.abcdefghijk`);
  });

  it('reads back what it writes', () => {
    const text = `${proofBody(FIELDS)}.${SIG}`;
    expect(parseProof(text)).toMatchObject({ ...FIELDS, signed: proofBody(FIELDS) });
    expect(parseProof(text)?.signature).toHaveLength(64);
  });

  it('refuses another version, a bad month or day, a short id, kid or signature', () => {
    const body = proofBody(FIELDS);
    for (const bad of [
      `${body.replace('p1.', 'p2.')}.${SIG}`,
      `${body.replace('202603', '202613')}.${SIG}`,
      `${body.replace('20261205', '20260231')}.${SIG}`,
      `${body.replace('20261205', '20261131')}.${SIG}`,
      `${body.replace('20261205', '20250229')}.${SIG}`,
      `${body.replace('20261205', '20261200')}.${SIG}`,
      `${body.replace('202603', '202600')}.${SIG}`,
      `${body.replace('202603', '20263')}.${SIG}`,
      `${body.replace('202603', '2026033')}.${SIG}`,
      `${body.replace('A'.repeat(22), 'A'.repeat(21))}.${SIG}`,
      `${body.replace('abcdefghijk', 'abcdefghij')}.${SIG}`,
      `${body}.${SIG.slice(1)}`,
      `${body}.${SIG}.extra`,
      `${body.replace('p%2E0042', '%E0%A4%A')}.${SIG}`,
    ]) {
      expect(parseProof(bad)).toBeUndefined();
    }
  });

  it('reads a proof expiring on 29 February of a leap year, or since any month 01 to 12', () => {
    for (const [since, expires] of [
      ['2026-01', '2028-02-29'],
      ['2026-12', '2026-12-31'],
    ] as const)
      expect(parseProof(`${proofBody({ ...FIELDS, since, expires })}.${SIG}`)).toMatchObject({
        since,
        expires,
      });
  });

  it('expires 1 to 30 days after the day it is made', () => {
    expect(proofExpiry('2026-11-27', 1)).toBe('2026-11-28');
    expect(proofExpiry('2026-11-27', 30)).toBe('2026-12-27');
    expect(() => proofExpiry('2026-11-27', 0)).toThrow();
    expect(() => proofExpiry('2026-11-27', 31)).toThrow();
  });
});
