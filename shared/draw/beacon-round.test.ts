import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundAtTime, timeOfRound } from '#shared/drand.ts';
import { beaconRoundFor } from './beacon-round.ts';

const QUICKNET_CLOCK = { genesis: 1692803367, period: 3 };
const msOf = (chain: typeof QUICKNET_CLOCK, round: number) => timeOfRound(chain, round) * 1000;

describe("a list's beacon round", () => {
  it('is the first round at least 10 s after the list is written', () => {
    const written = new Date('2026-11-27T18:00:00.500Z');
    const round = beaconRoundFor(written, QUICKNET_CLOCK);
    expect(msOf(QUICKNET_CLOCK, round) - written.getTime()).toBeGreaterThanOrEqual(10_000);
    expect(msOf(QUICKNET_CLOCK, round - 1) - written.getTime()).toBeLessThan(10_000);
    // A round exactly 10 s after is one.
    const onTheDot = new Date(msOf(QUICKNET_CLOCK, 5000) - 10_000);
    expect(beaconRoundFor(onTheDot, QUICKNET_CLOCK)).toBe(5000);
    expect(beaconRoundFor(new Date(onTheDot.getTime() + 1), QUICKNET_CLOCK)).toBe(5001);
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
          expect(round).toBeGreaterThan(roundAtTime(chain, written.getTime() / 1000));
          expect(msOf(chain, round)).toBeGreaterThanOrEqual(written.getTime() + 10_000);
          if (round > 1) expect(msOf(chain, round - 1)).toBeLessThan(written.getTime() + 10_000);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
