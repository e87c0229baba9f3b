import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRAND_QUICKNET, QUICKNET_GROUP } from '../infra/drand-chain.ts';
import {
  beaconProblem,
  chainHashOf,
  type DrandChain,
  firstRoundFrom,
  roundAtTime,
  timeOfRound,
} from './drand.ts';

const quicknet: DrandChain = {
  chainHash: DRAND_QUICKNET.DRAND_CHAIN_HASH,
  publicKey: DRAND_QUICKNET.DRAND_PUBLIC_KEY,
  genesis: Number(DRAND_QUICKNET.DRAND_GENESIS),
  period: Number(DRAND_QUICKNET.DRAND_PERIOD),
};

/** A round of the real quicknet chain, as published (noislabs' drand-verify vectors). */
const QUICKNET_657413 = {
  round: 657413,
  signature:
    'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
  randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
};

/** quicknet's round 1000, as https://api.drand.sh/<quicknet>/public/1000 answers it (docs/draw.md quotes it). */
const QUICKNET_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

describe('drand quicknet, as pinned', () => {
  it("recomputes quicknet's published chain hash from its info, as drand does", () => {
    const info = {
      public_key: quicknet.publicKey,
      period: quicknet.period,
      genesis_time: quicknet.genesis,
      groupHash: QUICKNET_GROUP.groupHash,
      metadata: { beaconID: QUICKNET_GROUP.beaconID },
    };
    expect(chainHashOf(info)).toBe(quicknet.chainHash);
    // drand leaves the id out for its `default` beacon only
    expect(chainHashOf({ ...info, metadata: { beaconID: 'default' } })).not.toBe(quicknet.chainHash);
  });

  it('verifies published quicknet rounds with the pinned public key', () => {
    expect(beaconProblem(quicknet, QUICKNET_657413)).toBeUndefined();
    expect(beaconProblem(quicknet, QUICKNET_1000)).toBeUndefined();
  });

  it('refuses a signature that is not 48 bytes of hex, and a round that is not one', () => {
    for (const signature of ['', 'zz', QUICKNET_1000.signature.slice(2), `${QUICKNET_1000.signature}00`])
      expect(beaconProblem(quicknet, { ...QUICKNET_1000, signature })).toBeDefined();
    expect(beaconProblem(quicknet, { ...QUICKNET_1000, round: -1 })).toBeDefined();
    expect(beaconProblem(quicknet, { ...QUICKNET_1000, round: 1001 })).toMatch(/does not verify/);
  });

  it('refuses it as another round, with other randomness, or with a changed signature', () => {
    expect(beaconProblem(quicknet, QUICKNET_657413, 657414)).toMatch(/not 657414/);
    expect(beaconProblem(quicknet, { ...QUICKNET_657413, round: 657414 })).toMatch(/does not verify/);
    expect(beaconProblem(quicknet, { ...QUICKNET_657413, randomness: '00'.repeat(32) })).toMatch(
      /randomness/,
    );
    const changed = `${QUICKNET_657413.signature.slice(0, 95)}${QUICKNET_657413.signature.endsWith('b') ? 'c' : 'b'}`;
    expect(
      beaconProblem(quicknet, {
        ...QUICKNET_657413,
        signature: changed,
        randomness: '',
      }),
    ).toBeDefined();
    expect(beaconProblem(quicknet, { ...QUICKNET_657413, signature: 'b7' })).toMatch(/48 bytes/);
    const otherKey = { ...quicknet, publicKey: `${quicknet.publicKey.slice(0, -2)}00` };
    expect(beaconProblem(otherKey, QUICKNET_657413)).toMatch(/does not verify/);
  });
});

describe('round times', () => {
  const chain = { genesis: 1692803367, period: 3 };

  it('puts round 1 at genesis and each next round a period later (drand TimeOfRound)', () => {
    expect(timeOfRound(chain, 1)).toBe(1692803367);
    expect(timeOfRound(chain, 657413)).toBe(1692803367 + 657412 * 3);
    expect(roundAtTime(chain, 1692803366)).toBe(0);
    expect(roundAtTime(chain, 1692803367)).toBe(1);
    expect(roundAtTime(chain, 1692803369.9)).toBe(1);
    expect(roundAtTime(chain, 1692803370)).toBe(2);
    expect(firstRoundFrom(chain, 1692803300)).toBe(1);
    expect(firstRoundFrom(chain, 1692803370)).toBe(2);
    expect(firstRoundFrom(chain, 1692803370.5)).toBe(3);
  });

  it('agrees with itself for any round and time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: 0, max: 2 }), (round, within) => {
        const at = timeOfRound(chain, round);
        expect(roundAtTime(chain, at + within)).toBe(round);
        expect(firstRoundFrom(chain, at - within)).toBe(round);
        expect(timeOfRound(chain, firstRoundFrom(chain, at + 0.5))).toBeGreaterThanOrEqual(at + 0.5);
      }),
    );
  });
});
