import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawOrder, drawSeed, score } from './order.ts';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('the seed and the scores', () => {
  it('are the SHA-256 the algorithm names', async () => {
    const [list, randomness, c] = [sha('list'), sha('randomness'), sha('commitment')];
    const seed = sha(`oneofone-draw/v1 seed\n${list}\n${randomness}`);
    expect(await drawSeed(list, randomness)).toBe(seed);
    expect(await score(seed, c)).toBe(sha(Buffer.concat([Buffer.from(seed, 'hex'), Buffer.from(c, 'hex')])));
  });

  it('another randomness or list hash makes another seed', async () => {
    await fc.assert(
      fc.asyncProperty(hex32, hex32, hex32, async (list, a, b) => {
        fc.pre(a !== b);
        expect(await drawSeed(list, a)).not.toBe(await drawSeed(list, b));
        expect(await drawSeed(a, list)).not.toBe(await drawSeed(b, list));
      }),
      { numRuns: 50 },
    );
  });
});

describe('the order', () => {
  it('is the commitments by score ascending: a permutation of them, whatever order they came in', async () => {
    await fc.assert(
      fc.asyncProperty(hex32, fc.uniqueArray(hex32, { maxLength: 60 }), async (seed, commitments) => {
        const order = await drawOrder(seed, commitments);
        expect([...order].sort()).toEqual([...commitments].sort());
        const scores = await Promise.all(order.map((c) => score(seed, c)));
        expect(scores).toEqual([...scores].sort());
        expect(await drawOrder(seed, [...commitments].reverse())).toEqual(order);
      }),
      { numRuns: 100 },
    );
  });

  it('gives every place of a list of 4 the win about as often: over 2,000 draws, each 20–30 %', async () => {
    const wins = new Map<number, number>();
    for (let draw = 0; draw < 2000; draw++) {
      const commitments = [0, 1, 2, 3].map((i) => sha(`draw ${draw} entry ${i}`)).sort();
      const order = await drawOrder(await drawSeed(sha(`list ${draw}`), sha(`round ${draw}`)), commitments);
      const place = commitments.indexOf(order[0] as string);
      wins.set(place, (wins.get(place) ?? 0) + 1);
    }
    expect([...wins.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const count of wins.values()) expect(count / 2000).toBeGreaterThanOrEqual(0.2);
    for (const count of wins.values()) expect(count / 2000).toBeLessThanOrEqual(0.3);
  });
});
