import { pendingListItem, sequenceSoon } from '#passport/index.ts';
import { timeOfRound } from '#shared/drand.ts';
import { beaconRoundFor } from '#shared/draw/beacon-round.ts';
import { entriesList, listHash } from '#shared/draw/entries-list.ts';
import { pinnedChain } from './adapters/beacon.ts';
import { publishOnce } from './adapters/published-files.ts';
import { decidePendingEntries } from './bind-payment.ts';
import { applyMove, type DrawEntity, drawMoveItem, getDraw } from './entities/draw.ts';
import { listEntries } from './entities/entry.ts';
import { entriesFile } from './entities/keys.ts';

export type CloseAnswer =
  | { state: 'no-draw' }
  | { state: 'open'; closesAt: string }
  | { state: Exclude<DrawEntity['state'], 'open' | 'closing'>; draw: DrawEntity };

/**
 * Seals an open draw whose window closed: no entry is made or withdrawn afterwards (their
 * transactions check the state), and the list's beacon round is fixed, the first round at
 * least 10 s after `now`. Conditional on the state: of two closers, one seals and both then
 * write the one list the sealed draw makes. False if it was not open (sealed already).
 */
export async function sealDraw(draw: DrawEntity, now: Date): Promise<boolean> {
  const chain = pinnedChain();
  const round = beaconRoundFor(now, chain);
  return applyMove([
    drawMoveItem(draw.drawId, 'open', {
      set: {
        state: 'closing',
        listWrittenAt: now.toISOString(),
        round,
        chainHash: chain.chainHash,
        drawsAt: dueAt(chain, round),
      },
      condition: 'closesAt <= :now',
      values: { ':now': now.toISOString() },
    }),
  ]);
}

/** When a round of the chain is due, as an ISO time: the time the page says the draw is made. */
export const dueAt = (chain: Parameters<typeof timeOfRound>[0], round: number) =>
  new Date(timeOfRound(chain, round) * 1000).toISOString();

export interface WrittenList {
  text: string;
  listHash: string;
  entered: number;
  withdrawn: number;
}

/**
 * entries.txt of a sealed draw (docs/draw.md): the commitments of its entered entries, the
 * round fixed at the seal. Every run makes the same bytes (the entries no longer change), so a
 * file already there (a closer that died after writing it, or one running beside) must be exactly
 * these bytes and is taken as it is; a different one is refused, never replaced.
 */
export async function writeList(draw: DrawEntity): Promise<WrittenList> {
  if (draw.state !== 'closing' || draw.round === undefined || draw.chainHash === undefined)
    throw new Error(`draw ${draw.drawId} is not sealed`);
  const entries = await listEntries(draw.drawId);
  const entered = entries.filter((e) => e.state === 'entered');
  const text = entriesList({
    drawId: draw.drawId,
    piece: draw.pid,
    closed: draw.closesAt,
    beacon: { chainHash: draw.chainHash, round: draw.round },
    commitments: entered.map((e) => e.commitment),
  });
  await publishOnce(entriesFile(draw.drawId), text, 'text/plain');
  return {
    text,
    listHash: await listHash(text),
    entered: entered.length,
    withdrawn: entries.length - entered.length,
  };
}

/**
 * The written list's hash and counts on the draw, `closing → closed`, conditional on the state,
 * with the list's entry for the passport log in the same transaction (docs/draw.md: witnessed
 * before its round); the sequencer is started at once.
 */
export async function recordList(draw: DrawEntity, list: WrittenList, now = new Date()): Promise<void> {
  const moved = await applyMove([
    drawMoveItem(draw.drawId, 'closing', {
      set: { state: 'closed', listHash: list.listHash, entered: list.entered, withdrawn: list.withdrawn },
    }),
    pendingListItem({ draw: draw.drawId, list: list.listHash, time: now.toISOString() }),
  ]);
  if (moved) {
    await sequenceSoon();
    return;
  }
  const stored = await getDraw(draw.drawId);
  if (stored?.listHash !== list.listHash) throw new Error(`draw ${draw.drawId} closed with another list`);
}

/**
 * Closes a draw whose window has closed (`now` after closesAt): seals it, decides the entries
 * still waiting for their card (binding or lapsed), writes its list, records the list's hash. Any step done already by an earlier run (or one beside) is taken as done, so
 * running it again, or after a crash anywhere, ends with the one list.
 */
export async function closeDraw(drawId: string, now = new Date()): Promise<CloseAnswer> {
  let draw = await getDraw(drawId);
  if (!draw) return { state: 'no-draw' };
  if (draw.state === 'open') {
    if (now.toISOString() < draw.closesAt) return { state: 'open', closesAt: draw.closesAt };
    await sealDraw(draw, now);
    draw = await getDraw(drawId);
  }
  if (draw?.state === 'closing') {
    await decidePendingEntries(await listEntries(drawId), now);
    await recordList(draw, await writeList(draw), now);
    draw = await getDraw(drawId);
  }
  if (!draw || draw.state === 'open' || draw.state === 'closing')
    throw new Error(`draw ${drawId} did not close`);
  return { state: draw.state, draw };
}
