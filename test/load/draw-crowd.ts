import { randomInt } from 'node:crypto';
import { type Entrant, newEntrant } from './entrants.ts';

/**
 * The crowd of a contested release draw (issue 35): humans, each with an e-mail they confirmed,
 * a card, an address and a connection of their own (some households and offices share one), and
 * scripted entries as bots make them: e-mails nobody confirmed, a few confirmed accounts used over
 * and over, a few cards, a few addresses, bursts from a few addresses. Plain data: the load run
 * (draw-run.ts) makes members of the e-mails it says are confirmed and sends the entries.
 */
export type CrowdKind = 'human' | 'fresh-email' | 'shared-email' | 'shared-card' | 'shared-address' | 'burst';

export interface CrowdEntry {
  kind: CrowdKind;
  entrant: Entrant;
  /** Its e-mail is a confirmed member's (the run makes it one). */
  member: boolean;
}

/** A loopback address of a range: humans and scripts never share one. */
const address = (range: number, n: number) => `127.${range}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;

export function drawCrowd(total: number, scriptedShare: number): CrowdEntry[] {
  const scripted = Math.round(total * scriptedShare);
  const humans = total - scripted;
  const crowd: CrowdEntry[] = [];
  // Humans on about two thirds as many connections as people: families, offices, mobile NAT.
  const humanAddresses = Math.max(1, Math.round(humans * 0.66));
  for (let i = 0; i < humans; i++)
    crowd.push({
      kind: 'human',
      entrant: newEntrant('human', { from: address(20, randomInt(humanAddresses)) }),
      member: true,
    });
  // The scripts' share, split as bots are seen to work (each a different trick).
  const shares: [Exclude<CrowdKind, 'human'>, number][] = [
    ['fresh-email', 0.3],
    ['shared-email', 0.2],
    ['shared-card', 0.2],
    ['shared-address', 0.15],
    ['burst', 0.15],
  ];
  let made = 0;
  for (const [index, [kind, share]] of shares.entries()) {
    const count = index === shares.length - 1 ? scripted - made : Math.round(scripted * share);
    made += count;
    // Each trick reuses one thing of a hundred entries' worth.
    const groups = Math.max(1, Math.round(count / 100));
    const firsts = Array.from({ length: groups }, () => newEntrant(kind));
    for (let i = 0; i < count; i++) {
      const own = newEntrant(kind, { from: address(30 + index, made + i) });
      const shared = firsts[i % groups] as Entrant;
      const entrant =
        kind === 'shared-email'
          ? { ...own, email: shared.email }
          : kind === 'shared-card'
            ? { ...own, card: shared.card }
            : kind === 'shared-address'
              ? { ...own, street: shared.street }
              : kind === 'burst'
                ? { ...own, from: address(40, i % groups) }
                : own;
      crowd.push({ kind, entrant, member: kind !== 'fresh-email' });
    }
  }
  // Everyone arrives mixed, as a release's mail brings them.
  for (let i = crowd.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [crowd[i], crowd[j]] = [crowd[j] as CrowdEntry, crowd[i] as CrowdEntry];
  }
  return crowd;
}
