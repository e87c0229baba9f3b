import { type DrandChain, firstRoundFrom } from '#shared/drand.ts';

/** How long after the list is written its beacon round comes, at the least. */
export const BEACON_DELAY_MS = 10_000;

/**
 * The list's beacon round (docs/draw.md): the first round of the chain whose time is at least
 * 10 s after the list was written, on shared/drand.ts's clock. Unknown to all when the list is fixed.
 */
export function beaconRoundFor(listWrittenAt: Date, chain: Pick<DrandChain, 'genesis' | 'period'>): number {
  return firstRoundFrom(chain, (listWrittenAt.getTime() + BEACON_DELAY_MS) / 1000);
}
