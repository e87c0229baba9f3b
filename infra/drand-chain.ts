import type { DrandEnvironment } from '#draws/adapters/beacon.ts';

/**
 * The randomness beacon the release draws read in AWS (issue 35): drand's quicknet chain, run by
 * the League of Entropy, through drand's HTTP relay. Pinned here, never fetched: a future draws
 * function gets this as its environment (functions/draws/adapters/beacon.ts reads it) and refuses
 * any round that does not verify against this public key. Values from the chain's own
 * `GET https://api.drand.sh/52db9ba7…e971/info` (scheme bls-unchained-g1-rfc9380, beaconID
 * quicknet, groupHash f477d5c8…5d3e); shared/drand.test.ts recomputes the chain hash from them
 * and verifies a published round with the key. Locally, infra/local/stack.ts gives its stand-in's
 * chain instead.
 */
export const DRAND_QUICKNET: DrandEnvironment = {
  DRAND_URL: 'https://api.drand.sh',
  DRAND_CHAIN_HASH: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  DRAND_PUBLIC_KEY:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  DRAND_GENESIS: '1692803367',
  DRAND_PERIOD: '3',
};

/** Quicknet's group hash and beacon id, which its chain hash is computed of (with the above). */
export const QUICKNET_GROUP = {
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  beaconID: 'quicknet',
} as const;
