import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entryText, newOwnerSalt, ownerCommitment } from './log.ts';
import { parseEntry } from './log-entry.ts';

const OWNER = 'a'.repeat(64);

describe('log entries: canonical JSON (RFC 8785), owner commitments', () => {
  it('writes an entry as RFC 8785 text: keys sorted, no spaces', () => {
    expect(
      entryText({ seq: 41, time: '2026-11-27T08:00:00.000Z', kind: 'transfer', piece: 'p-1', owner: OWNER }),
    ).toBe(`{"kind":"transfer","owner":"${OWNER}","piece":"p-1","seq":41,"time":"2026-11-27T08:00:00.000Z"}`);
  });

  it('keeps cert for issue entries only', () => {
    const base = {
      seq: 0,
      time: '2026-11-27T08:00:00.000Z',
      piece: 'p-1',
      owner: null,
      cert: 'A'.repeat(22),
    };
    expect(entryText({ ...base, kind: 'issue' })).toBe(
      `{"cert":"${'A'.repeat(22)}","kind":"issue","owner":null,"piece":"p-1","seq":0,"time":"2026-11-27T08:00:00.000Z"}`,
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
    };
    expect(parseEntry(entryText(entry))).toEqual(entry);
    for (const bad of [
      '{}',
      'not json',
      entryText(entry).replace('"sale"', '"stolen"'),
      entryText(entry).replace(OWNER, 'owner@example.com'),
      entryText(entry).replace('"seq":3', '"seq":-1'),
      entryText(entry).replace('}', ',"email":"x@example.com"}'),
      entryText({ ...entry, kind: 'issue', cert: 'short' }),
    ]) {
      expect(parseEntry(bad)).toBeUndefined();
    }
  });

  it('commits to an owner as SHA-256 of "oneofone-owner:v1\\n" + pid + "\\n" + salt, hex', async () => {
    const salt = newOwnerSalt();
    expect(salt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expected = createHash('sha256').update(`oneofone-owner:v1\np-1\n${salt}`).digest('hex');
    expect(await ownerCommitment('p-1', salt)).toBe(expected);
    expect(await ownerCommitment('p-1', newOwnerSalt())).not.toBe(expected);
  });
});
