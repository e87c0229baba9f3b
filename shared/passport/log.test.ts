import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entryText, mapEntryText, newOwnerSalt, ownerCommitment } from './log.ts';
import { entryWithoutPrev, parseEntry, parseMapEntry } from './log-entry.ts';

const OWNER = 'a'.repeat(64);

describe('log entries: canonical JSON (RFC 8785), owner commitments', () => {
  it('writes an entry as RFC 8785 text: keys sorted, no spaces', () => {
    expect(
      entryText({
        seq: 41,
        time: '2026-11-27T08:00:00.000Z',
        kind: 'transfer',
        piece: 'p-1',
        owner: OWNER,
        prev: { seq: 7, hash: 'b'.repeat(64) },
      }),
    ).toBe(
      `{"kind":"transfer","owner":"${OWNER}","piece":"p-1","prev":{"hash":"${'b'.repeat(64)}","seq":7},"seq":41,"time":"2026-11-27T08:00:00.000Z"}`,
    );
  });

  it('keeps cert for issue entries only', () => {
    const base = {
      seq: 0,
      time: '2026-11-27T08:00:00.000Z',
      piece: 'p-1',
      owner: null,
      prev: null,
      cert: 'A'.repeat(22),
    };
    expect(entryText({ ...base, kind: 'issue' })).toBe(
      `{"cert":"${'A'.repeat(22)}","kind":"issue","owner":null,"piece":"p-1","prev":null,"seq":0,"time":"2026-11-27T08:00:00.000Z"}`,
    );
    expect(entryText({ ...base, kind: 'lost' })).not.toContain('cert');
  });

  it('reads back what it writes, and nothing else', () => {
    const entry = {
      seq: 3,
      time: '2026-11-27T08:00:00.000Z',
      kind: 'sale' as const,
      piece: 'p-1',
      owner: OWNER,
      prev: { seq: 1, hash: 'c'.repeat(64) },
    };
    expect(parseEntry(entryText(entry))).toEqual(entry);
    expect(parseEntry(entryText({ ...entry, prev: null }))).toEqual({ ...entry, prev: null });
    for (const bad of [
      '{}',
      'not json',
      entryText(entry).replace('"sale"', '"stolen"'),
      entryText(entry).replace(OWNER, 'owner@example.com'),
      entryText(entry).replace('"seq":3', '"seq":-1'),
      entryText(entry).replace('}', ',"email":"x@example.com"}'),
      entryText({ ...entry, kind: 'issue', cert: 'short' }),
      // prev: present, exactly {hash, seq}, naming an earlier entry.
      entryText(entry).replace(/,"prev":\{[^}]*\}/, ''),
      entryText({ ...entry, prev: { seq: 3, hash: 'c'.repeat(64) } }),
      entryText({ ...entry, prev: { seq: 1, hash: 'C'.repeat(64) } }),
      entryText(entry).replace('"seq":1}', '"seq":1,"piece":"p-1"}'),
      entryText(entry).replace(/"prev":\{[^}]*\}/, '"prev":[]'),
    ]) {
      expect(parseEntry(bad)).toBeUndefined();
    }
  });

  it('writes and reads a map entry: exactly kind, pieces, root, seq, time', () => {
    const map = { seq: 9, time: '2026-11-27T08:00:00.000Z', pieces: 3, root: 'd'.repeat(64) };
    const text = mapEntryText(map);
    expect(text).toBe(
      `{"kind":"map","pieces":3,"root":"${'d'.repeat(64)}","seq":9,"time":"2026-11-27T08:00:00.000Z"}`,
    );
    expect(parseMapEntry(text)).toEqual({ ...map, kind: 'map' });
    expect(parseEntry(text)).toBeUndefined();
    for (const bad of [
      text.replace('"pieces":3', '"pieces":-1'),
      text.replace('"map"', '"maps"'),
      text.replace('}', ',"piece":"p-1"}'),
      text.replace('"d', '"D'),
    ])
      expect(parseMapEntry(bad)).toBeUndefined();
  });

  it('knows an entry of the format before prev, to say why its history cannot be proven complete', () => {
    const old = `{"kind":"sale","owner":"${OWNER}","piece":"p-1","seq":3,"time":"2026-11-27T08:00:00.000Z"}`;
    expect(parseEntry(old)).toBeUndefined();
    expect(entryWithoutPrev(old)).toMatchObject({ seq: 3, piece: 'p-1' });
    expect(entryWithoutPrev(old.replace('"sale"', '"stolen"'))).toBeUndefined();
  });

  it('commits to an owner as SHA-256 of "oneofone-owner:v1\\n" + pid + "\\n" + salt, hex', async () => {
    const salt = newOwnerSalt();
    expect(salt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expected = createHash('sha256').update(`oneofone-owner:v1\np-1\n${salt}`).digest('hex');
    expect(await ownerCommitment('p-1', salt)).toBe(expected);
    expect(await ownerCommitment('p-1', newOwnerSalt())).not.toBe(expected);
  });
});
