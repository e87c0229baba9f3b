/** A drand chain's clock: round 1 at `genesis`, one round every `period` (both in seconds). */
export interface ChainClock {
  genesis: number;
  period: number;
}

/** A drand chain the shop pins: its clock, its hash (the URL's name of it) and its BLS key. */
export interface DrandChain extends ChainClock {
  chainHash: string;
  /** Hex of the compressed G2 point (scheme bls-unchained-g1-rfc9380). */
  publicKey: string;
}

/** drand's quicknet, as https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/info gives it. */
export const QUICKNET: DrandChain = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
};

/** How long after the list is written its beacon round comes, at the least. */
export const BEACON_DELAY_MS = 10_000;

/** When a round is produced: genesis + (round − 1) × period. */
export const roundTime = (round: number, chain: ChainClock) =>
  new Date((chain.genesis + (round - 1) * chain.period) * 1000);

/** The latest round produced at `time` (0 before genesis). */
export function roundAt(time: Date, chain: ChainClock): number {
  const since = time.getTime() - chain.genesis * 1000;
  return since < 0 ? 0 : Math.floor(since / (chain.period * 1000)) + 1;
}

/** The first round whose time is at least 10 s after the list was written: unknown to all then. */
export function beaconRoundFor(listWrittenAt: Date, chain: ChainClock): number {
  const since = listWrittenAt.getTime() + BEACON_DELAY_MS - chain.genesis * 1000;
  return Math.max(1, Math.ceil(since / (chain.period * 1000)) + 1);
}
