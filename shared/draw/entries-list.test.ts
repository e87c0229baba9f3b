import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entriesList, listHash, parseEntriesList } from './entries-list.ts';

const CHAIN = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const base = {
  drawId: 'd-AAECAwQFBgcICQoLDA0ODw',
  piece: 'p-42',
  closed: '2026-11-27T18:00:00.000Z',
  beacon: { chainHash: CHAIN, round: 123 },
};
const c = (digit: string) => digit.repeat(64);
const commitmentArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Buffer.from(b).toString('hex'));

describe('the entries list', () => {
  it('is the header and the commitments sorted, each once, every line ending in a line break', () => {
    expect(entriesList({ ...base, commitments: [c('b'), c('0'), c('b'), c('a')] })).toBe(
      [
        'oneofone-draw/v1',
        'draw d-AAECAwQFBgcICQoLDA0ODw',
        'piece p-42',
        'closed 2026-11-27T18:00:00.000Z',
        `beacon ${CHAIN} round 123`,
        'entries 3',
        c('0'),
        c('a'),
        c('b'),
        '',
      ].join('\n'),
    );
    expect(entriesList({ ...base, commitments: [] })).toMatch(/\nentries 0\n$/);
  });

  it('refuses to write anything the format cannot hold', () => {
    const write = (change: object) => () => entriesList({ ...base, commitments: [c('a')], ...change });
    expect(write({ commitments: [c('A')] })).toThrow(/commitment/);
    expect(write({ commitments: [c('a').slice(1)] })).toThrow(/commitment/);
    expect(write({ commitments: [`${c('a')}\n${c('b')}`] })).toThrow(/commitment/);
    expect(write({ piece: 'p 42' })).toThrow(/piece/);
    expect(write({ drawId: 'd-short' })).toThrow(/draw id/);
    expect(write({ closed: '2026-11-27T18:00:00Z' })).toThrow(/ISO/);
    expect(write({ closed: '2026-02-30T18:00:00.000Z' })).toThrow(/ISO/);
    expect(write({ beacon: { chainHash: CHAIN, round: 0 } })).toThrow(/round/);
    expect(write({ beacon: { chainHash: CHAIN, round: 1.5 } })).toThrow(/round/);
    expect(write({ beacon: { chainHash: CHAIN.toUpperCase(), round: 1 } })).toThrow(/chain/);
  });

  it('reads back what it wrote, whatever order the commitments came in', () => {
    fc.assert(
      fc.property(
        fc.array(commitmentArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (list, round) => {
          const text = entriesList({ ...base, beacon: { chainHash: CHAIN, round }, commitments: list });
          const parsed = parseEntriesList(text);
          expect(parsed).toEqual({
            ok: true,
            list: { ...base, beacon: { chainHash: CHAIN, round }, commitments: [...new Set(list)].sort() },
          });
          expect(
            entriesList({ ...base, beacon: { chainHash: CHAIN, round }, commitments: [...list].reverse() }),
          ).toBe(text);
        },
      ),
    );
  });

  it('hashes the text bytes with SHA-256', async () => {
    const text = entriesList({ ...base, commitments: [c('1')] });
    expect(await listHash(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('reading a list', () => {
  const good = entriesList({ ...base, commitments: [c('1'), c('2'), c('3')] });
  const lines = good.split('\n');
  const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\n');
  const refusals: [string, string, RegExp][] = [
    ['no last line break', good.slice(0, -1), /line break/],
    ['a CR line end', good.replaceAll('\n', '\r\n'), /line 1/],
    ['another format', withLine(0, 'oneofone-draw/v2'), /line 1/],
    ['a bad draw id', withLine(1, 'draw d-AAECAwQFBgcICQoLDA0OD'), /line 2/],
    ['two spaces', withLine(2, 'piece  p-42'), /line 3/],
    ['no milliseconds', withLine(3, 'closed 2026-11-27T18:00:00Z'), /line 4/],
    ['an offset', withLine(3, 'closed 2026-11-27T18:00:00.000+00:00'), /line 4/],
    ['round 0', withLine(4, `beacon ${CHAIN} round 0`), /line 5/],
    ['a leading zero', withLine(4, `beacon ${CHAIN} round 0123`), /line 5/],
    ['a count too big', withLine(5, 'entries 4'), /says 4 entries but has 3/],
    ['a count too small', withLine(5, 'entries 2'), /says 2 entries but has 3/],
    ['a count with a sign', withLine(5, 'entries +3'), /line 6/],
    ['an uppercase commitment', withLine(7, `${c('2').slice(1)}A`), /line 8 is not a commitment/],
    ['a short commitment', withLine(7, c('2').slice(1)), /line 8 is not a commitment/],
    ['a repeated commitment', withLine(7, c('1')), /line 8 is not after/],
    ['commitments out of order', withLine(7, c('0')), /line 8 is not after/],
    ['a blank line more', `${good}\n`, /says 3 entries but has 4/],
    ['a byte order mark', `\uFEFF${good}`, /line 1/],
    ['a trailing space', withLine(8, `${c('3')} `), /line 9 is not a commitment/],
  ];
  it.each(refusals)('refuses %s, saying where', (_, text, reason) => {
    const parsed = parseEntriesList(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toMatch(reason);
  });

  it('refuses every one-byte change that is not another well-formed list', () => {
    fc.assert(
      fc.property(fc.nat(good.length - 1), fc.integer({ min: 0, max: 127 }), (at, code) => {
        const changed = good.slice(0, at) + String.fromCharCode(code) + good.slice(at + 1);
        fc.pre(changed !== good);
        const parsed = parseEntriesList(changed);
        if (parsed.ok) expect(entriesList(parsed.list)).toBe(changed);
      }),
      { numRuns: 2000 },
    );
  });
});
