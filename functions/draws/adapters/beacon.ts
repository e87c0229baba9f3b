import {
  beaconProblem,
  type DrandBeacon,
  type DrandChain,
  roundAtTime as roundAtTimeOf,
  timeOfRound as timeOfRoundOf,
} from '#shared/drand.ts';

/**
 * The randomness beacon the release draw takes its randomness from (issue 35's design, drand):
 * drand's HTTP API at DRAND_URL, one chain pinned by the deployment's environment. Production
 * reads quicknet through https://api.drand.sh (infra/drand-chain.ts); locally the stack's
 * stand-in (infra/local/drand.ts) speaks the same API with its own key.
 */
export const DRAND_ENVIRONMENT = [
  'DRAND_URL',
  'DRAND_CHAIN_HASH',
  'DRAND_PUBLIC_KEY',
  'DRAND_GENESIS',
  'DRAND_PERIOD',
] as const;
export type DrandEnvironment = Record<(typeof DRAND_ENVIRONMENT)[number], string>;

/** How long one request may take before the beacon counts as unreachable. */
export const BEACON_TIMEOUT_MS = 3_000;

export type BeaconAnswer = DrandBeacon | { state: 'not-yet' } | { state: 'unreachable' };

function setting(name: (typeof DRAND_ENVIRONMENT)[number], pattern: RegExp): string {
  const value = process.env[name];
  if (!value || !pattern.test(value)) throw new Error(`${name} is ${value ? 'malformed' : 'not set'}`);
  return value;
}

/** The chain this deployment pins: hash, public key, genesis and period. */
export function pinnedChain(): DrandChain {
  return {
    chainHash: setting('DRAND_CHAIN_HASH', /^[0-9a-f]{64}$/),
    publicKey: setting('DRAND_PUBLIC_KEY', /^[0-9a-f]{192}$/),
    genesis: Number(setting('DRAND_GENESIS', /^[1-9][0-9]{0,11}$/)),
    period: Number(setting('DRAND_PERIOD', /^[1-9][0-9]{0,5}$/)),
  };
}

/** When round R of the pinned chain is emitted, Unix seconds. */
export function timeOfRound(round: number): number {
  return timeOfRoundOf(pinnedChain(), round);
}

/** The latest round of the pinned chain emitted at `seconds` (Unix), 0 before genesis. */
export function roundAtTime(seconds: number): number {
  return roundAtTimeOf(pinnedChain(), seconds);
}

/**
 * Round `round` of the pinned chain, verified: its BLS signature against the pinned public key
 * and its randomness as SHA-256 of the signature. `not-yet` for a round whose time has not come
 * (by this clock, unasked, or by the relay's: 425 Too Early, or 404 from relays of drand's older
 * HTTP server); `unreachable` when the beacon does not answer within BEACON_TIMEOUT_MS or
 * answers 5xx. It throws for an answer that is not that round: a beacon that lies is never used.
 * `now` (ms) is this clock, for tests.
 */
export async function beaconRound(round: number, now = Date.now()): Promise<BeaconAnswer> {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`${round} is not a drand round`);
  const chain = pinnedChain();
  const base = setting('DRAND_URL', /^https?:\/\/[^/]/).replace(/\/+$/, '');
  if (timeOfRoundOf(chain, round) * 1000 > now) return { state: 'not-yet' };
  let answer: Response;
  let body: string;
  try {
    answer = await fetch(`${base}/${chain.chainHash}/public/${round}`, {
      signal: AbortSignal.timeout(BEACON_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    body = await answer.text();
  } catch {
    return { state: 'unreachable' };
  }
  if (answer.status === 425 || answer.status === 404) return { state: 'not-yet' };
  if (answer.status >= 500 || answer.status === 429) return { state: 'unreachable' };
  if (answer.status !== 200) throw new Error(`the beacon answered round ${round} with ${answer.status}`);
  const beacon = parsed(body);
  const problem = beacon ? beaconProblem(chain, beacon, round) : 'the answer is not a drand round';
  if (problem || !beacon) throw new Error(`the beacon's round ${round} is refused: ${problem}`);
  return { round: beacon.round, randomness: beacon.randomness, signature: beacon.signature };
}

function parsed(body: string): DrandBeacon | undefined {
  try {
    const value = JSON.parse(body) as Partial<DrandBeacon> | null;
    if (
      value &&
      typeof value.round === 'number' &&
      typeof value.randomness === 'string' &&
      typeof value.signature === 'string'
    )
      return { round: value.round, randomness: value.randomness, signature: value.signature };
  } catch {}
  return undefined;
}
