import { beforeAll, describe, expect, it } from 'vitest';
import { parseKeySet, pinKeySet, pinRefusalSentence } from '../../web/src/verify/key-pin.ts';
import { keySet, makeTestKey, type TestKey } from '../passport/signing.ts';

/** The /verify page's pinned keys (docs/passport.md, Keys): kept, extended, never dropped. */
let first: TestKey;
let second: TestKey;

beforeAll(async () => {
  first = await makeTestKey('2026-01-01T00:00:00.000Z');
  second = await makeTestKey('2026-06-01T00:00:00.000Z');
});

describe('the pinned key set', () => {
  it('takes the first set it sees, then a set that keeps every pinned key (a rotation adds one, closes one)', () => {
    expect(pinKeySet(undefined, keySet(first))).toEqual({ ok: true, keys: keySet(first) });
    const rotated = keySet(second);
    rotated.keys.unshift({ ...first.key, until: '2026-06-01T00:00:00.000Z' });
    expect(pinKeySet(keySet(first), rotated)).toEqual({ ok: true, keys: rotated });
  });

  it('refuses a set that drops a pinned key, or lists another key under its kid, and verifies with the kept one', () => {
    expect(pinKeySet(keySet(first, second), keySet(second))).toEqual({
      ok: false,
      keys: keySet(first, second),
      reason: 'dropped',
      kids: [first.key.kid],
    });
    const swapped = keySet(second);
    swapped.keys[0] = { ...second.key, kid: first.key.kid };
    expect(pinKeySet(keySet(first), swapped)).toMatchObject({
      ok: false,
      reason: 'dropped',
      kids: [first.key.kid],
    });
  });

  it('refuses a set that drops a pinned log key or the witness policy; takes one that changes the policy', () => {
    const withLog = {
      ...keySet(first),
      logKeys: [{ vkey: 'shop.example/passport/log+0a0b0c0d+AQ==', from: '2026-11-01' }],
      witnessPolicy: 'quorum none\n',
    };
    expect(pinKeySet(withLog, keySet(first))).toMatchObject({
      ok: false,
      reason: 'dropped',
      kids: ['0a0b0c0d'],
    });
    const noPolicy = { ...withLog, witnessPolicy: undefined };
    delete noPolicy.witnessPolicy;
    const refused = pinKeySet(withLog, noPolicy);
    expect(refused).toEqual({ ok: false, keys: withLog, reason: 'policy' });
    expect(pinRefusalSentence(refused as Extract<typeof refused, { ok: false }>)).toMatch(
      /drops or weakens the witness policy/,
    );
    const changed = { ...withLog, witnessPolicy: '# another witness\nquorum none\n' };
    expect(pinKeySet(withLog, changed)).toEqual({ ok: true, keys: changed });
    expect(parseKeySet(JSON.parse(JSON.stringify(withLog)))).toEqual(withLog);
  });

  it('refuses a set that weakens the witness policy; takes one that adds a witness or asks more', () => {
    const w1 = 'witness w1 one.example+01020304+BAAA';
    const w2 = 'witness w2 two.example+05060708+BAAB';
    const w3 = 'witness w3 three.example+090a0b0c+BAAC';
    const pinned = { ...keySet(first), witnessPolicy: `${w1}\n${w2}\ngroup local 2 w1 w2\nquorum local\n` };
    const policy = (text: string) => ({ ...pinned, witnessPolicy: text });
    for (const weaker of [
      'quorum none\n',
      `${w1}\n${w2}\ngroup local 1 w1 w2\nquorum local\n`,
      `${w1}\n${w2}\ngroup local any w1 w2\nquorum local\n`,
      `${w1}\n${w2}\nquorum w1\n`,
      `${w1}\n${w3}\ngroup local 2 w1 w3\nquorum local\n`,
      `${w1}\n${w2}\n${w3}\ngroup local 2 w1 w2 w3\ngroup outer 1 local w3\nquorum outer\n`,
    ])
      expect(pinKeySet(pinned, policy(weaker)), weaker).toMatchObject({ ok: false, reason: 'policy' });
    for (const asStrong of [
      `${w1}\n${w2}\n${w3}\ngroup local 2 w1 w2 w3\nquorum local\n`,
      `${w2}\n${w1}\ngroup local all w1 w2\nquorum local\n`,
      `${w1}\n${w2}\n${w3}\ngroup local 3 w1 w2 w3\nquorum local\n`,
    ])
      expect(pinKeySet(pinned, policy(asStrong)), asStrong).toMatchObject({ ok: true });
  });

  it('refuses a set of another issuer', () => {
    const other = { ...keySet(first), issuer: 'https://elsewhere.example' };
    const outcome = pinKeySet(keySet(first), other);
    expect(outcome).toEqual({
      ok: false,
      keys: keySet(first),
      reason: 'issuer',
      issuer: 'https://elsewhere.example',
    });
    if (outcome.ok) throw new Error('taken');
    expect(pinRefusalSentence(outcome)).toBe(
      'Warning: the key list now published names another issuer (https://elsewhere.example); it was refused and the keys this page kept were used.',
    );
  });

  it('reads only the published shape', () => {
    const published = JSON.parse(JSON.stringify(keySet(first, second)));
    expect(parseKeySet(published)).toEqual(keySet(first, second));
    for (const broken of [
      null,
      { keys: [] },
      { issuer: 'https://shop.example', keys: {} },
      { issuer: 'https://shop.example', keys: [{ ...first.key, jwk: { ...first.key.jwk, crv: 'P-384' } }] },
      { issuer: 'https://shop.example', keys: [{ ...first.key, from: 3 }] },
    ])
      expect(parseKeySet(broken), JSON.stringify(broken)).toBeUndefined();
  });
});
