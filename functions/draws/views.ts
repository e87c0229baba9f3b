import type { DrawEntity } from './entities/draw.ts';
import type { EntryEntity } from './entities/entry.ts';
import { entriesFile, resultFile, witnessedFile } from './entities/keys.ts';

/** What anyone sees of a draw (shared/contracts/draws.ts publicDrawSchema). */
export function publicDraw(draw: DrawEntity, pieceName: string) {
  const closed = draw.state !== 'open' && draw.state !== 'closing';
  return {
    drawId: draw.drawId,
    pid: draw.pid,
    pieceName,
    opensAt: draw.opensAt,
    closesAt: draw.closesAt,
    state: draw.state,
    ...(closed && draw.listHash ? { listHash: draw.listHash, entries: draw.entered ?? 0 } : {}),
    ...(draw.round !== undefined ? { round: draw.round, chainHash: draw.chainHash } : {}),
    ...(draw.roundDrawn !== undefined ? { roundDrawn: draw.roundDrawn } : {}),
    ...(draw.drawsAt && !draw.winner ? { drawsAt: draw.drawsAt } : {}),
    ...(draw.state === 'closed' && draw.waitingSince
      ? { waitingSince: draw.waitingSince, beaconState: draw.beaconState }
      : {}),
    ...(draw.winner ? { winner: draw.winner } : {}),
    files: {
      // Served under the passport's public files (infra/edge/passport-path.ts).
      entries: `/passport/${entriesFile(draw.drawId)}`,
      witnessed: `/passport/${witnessedFile(draw.drawId)}`,
      result: `/passport/${resultFile(draw.drawId)}`,
      script: '/draw/recompute.mjs',
      algorithm: '/draw/algorithm.md',
    },
  };
}

/** What the entrant sees of their entry. */
export function entryView(entry: EntryEntity, draw?: DrawEntity) {
  return {
    entryId: entry.entryId,
    drawId: entry.drawId,
    state: entry.state,
    salt: entry.salt,
    commitment: entry.commitment,
    ...(entry.card
      ? {
          card: {
            brand: entry.card.brand,
            last4: entry.card.last4,
            ...(entry.card.wallet ? { wallet: entry.card.wallet } : {}),
          },
        }
      : {}),
    ...(entry.outcome ? { outcome: entry.outcome } : {}),
    ...(entry.state === 'refused' ? { refusedFor: entry.refusedFor ?? 'card' } : {}),
    ...(draw?.soldTo === entry.entryId && draw.checkoutCode ? { checkoutCode: draw.checkoutCode } : {}),
  };
}
