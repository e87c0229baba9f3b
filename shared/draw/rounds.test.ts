import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beaconRoundFor, QUICKNET, roundAt, roundTime } from './rounds.ts';

describe("a drand chain's clock", () => {
  it('puts round 1 at genesis and one round every period', () => {
    expect(roundTime(1, QUICKNET).toISOString()).toBe('2023-08-23T15:09:27.000Z');
    expect(roundTime(1000, QUICKNET).getTime()).toBe((1692803367 + 999 * 3) * 1000);
    expect(roundAt(new Date(1692803367 * 1000 - 1), QUICKNET)).toBe(0);
    expect(roundAt(new Date(1692803367 * 1000), QUICKNET)).toBe(1);
    expect(roundAt(new Date(1692803367 * 1000 + 2999), QUICKNET)).toBe(1);
    expect(roundAt(new Date(1692803367 * 1000 + 3000), QUICKNET)).toBe(2);
  });

  it('names the round produced at any time after genesis', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), fc.integer({ min: 1, max: 60 }), (ms, period) => {
        const chain = { genesis: 1_600_000_000, period };
        const time = new Date(chain.genesis * 1000 + ms);
        const round = roundAt(time, chain);
        expect(roundTime(round, chain).getTime()).toBeLessThanOrEqual(time.getTime());
        expect(roundTime(round + 1, chain).getTime()).toBeGreaterThan(time.getTime());
      }),
    );
  });
});

describe("a list's beacon round", () => {
  it('is the first round at least 10 s after the list is written', () => {
    const written = new Date('2026-11-27T18:00:00.500Z');
    const round = beaconRoundFor(written, QUICKNET);
    expect(roundTime(round, QUICKNET).getTime() - written.getTime()).toBeGreaterThanOrEqual(10_000);
    expect(roundTime(round - 1, QUICKNET).getTime() - written.getTime()).toBeLessThan(10_000);
    // A round exactly 10 s after is one.
    const onTheDot = new Date(roundTime(5000, QUICKNET).getTime() - 10_000);
    expect(beaconRoundFor(onTheDot, QUICKNET)).toBe(5000);
    expect(beaconRoundFor(new Date(onTheDot.getTime() + 1), QUICKNET)).toBe(5001);
  });

  it('is always the first such round, and never one produced yet', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 8), max: 10 ** 12 }),
        fc.integer({ min: 1, max: 60 }),
        (ms, period) => {
          const chain = { genesis: 1_600_000_000, period };
          const written = new Date(chain.genesis * 1000 + ms);
          const round = beaconRoundFor(written, chain);
          expect(round).toBeGreaterThanOrEqual(1);
          expect(round).toBeGreaterThan(roundAt(written, chain));
          expect(roundTime(round, chain).getTime()).toBeGreaterThanOrEqual(written.getTime() + 10_000);
          if (round > 1)
            expect(roundTime(round - 1, chain).getTime()).toBeLessThan(written.getTime() + 10_000);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
