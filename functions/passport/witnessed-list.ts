import { WITNESSED_FORMAT, type WitnessedList, witnessedAt } from '#shared/draw/witnessed-list.ts';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import { parseListEntry } from '#shared/passport/log-entry.ts';
import { inclusionProof, leafHash } from '#shared/passport/merkle.ts';
import { parseWitnessPolicy } from '#shared/passport/witness-policy.ts';
import { consistentGet } from '#table/query.ts';
import { listEntryKey } from './entities/log-items.ts';
import { allEntryTexts, checkpointsAfter } from './entities/log-reads.ts';
import { keySet } from './key-set.ts';

/** Checkpoints after the list's entry read in one go: the first witnessed is almost always the first. */
const CHECKPOINTS_READ = 50;

/**
 * What proves a draw's list was in the log, and when its witnesses saw it (docs/draw.md,
 * witnessed.json): its list entry, the first checkpoint after it whose cosignatures meet the
 * quorum (with no witness policy, the first checkpoint after it), and the entry's inclusion proof
 * in it. Undefined while the entry is not sequenced or no such checkpoint is signed yet.
 */
export async function witnessedListOf(drawId: string): Promise<WitnessedList | undefined> {
  const item = await consistentGet<{ seq: number; text: string }>(listEntryKey(drawId));
  const entry = item && parseListEntry(item.text);
  if (!item || !entry) return undefined;
  const keys = await keySet();
  const policy = keys.witnessPolicy === undefined ? undefined : await parseWitnessPolicy(keys.witnessPolicy);
  let chosen: { size: number; text: string } | undefined;
  for (const checkpoint of await checkpointsAfter(entry.seq, CHECKPOINTS_READ)) {
    // Read as a verifier reads it (shared/passport/checkpoint.ts): the cosignatures that verify.
    const signed = await verifyCheckpoint(checkpoint.text, keys);
    if (!policy || (signed.ok && witnessedAt(policy, signed.cosigned) !== undefined)) {
      chosen = checkpoint;
      break;
    }
  }
  if (!chosen) return undefined;
  const leaves = await Promise.all(
    (await allEntryTexts()).slice(0, chosen.size).map((text) => leafHash(utf8(text))),
  );
  return {
    format: WITNESSED_FORMAT,
    drawId,
    listHash: entry.list,
    entry: item.text,
    checkpoint: chosen.text,
    proof: (await inclusionProof(leaves, entry.seq)).map(toBase64),
  };
}
