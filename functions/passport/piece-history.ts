import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { consistencyProof, inclusionProof, leafHash } from '#shared/passport/merkle.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { allEntryTexts, latestCheckpoint, pieceEntries } from './entities/log-reads.ts';

export interface PieceHistory {
  /** The piece's entries in the latest checkpoint, each with its tlog-proof against it. */
  entries: { text: string; proof: string }[];
  checkpoint: string | null;
  /** From `since` to the checkpoint's size (base64 hashes), when `since` was given. */
  consistency?: string[];
}

/**
 * A piece's history as its passport shows it (docs/passport.md, The log): every entry of the
 * piece that the latest signed checkpoint covers, each with its inclusion proof as a C2SP
 * tlog-proof; entries sequenced after it wait for the next checkpoint. The proofs are made from
 * every entry's leaf hash, read from the table (fine at a shop's scale: see log-sequencer.ts).
 * Undefined when `since` is past the checkpoint (a size this log never signed).
 */
export async function pieceHistory(pid: string, since?: number): Promise<PieceHistory | undefined> {
  const [checkpoint, mine] = await Promise.all([latestCheckpoint(), pieceEntries(pid)]);
  if (!checkpoint) return since === undefined || since === 0 ? { entries: [], checkpoint: null } : undefined;
  if (since !== undefined && since > checkpoint.size) return undefined;
  const covered = mine.filter((entry) => entry.seq < checkpoint.size);
  const needsLeaves = covered.length > 0 || (since !== undefined && since < checkpoint.size);
  const leaves = needsLeaves
    ? await Promise.all((await allEntryTexts()).slice(0, checkpoint.size).map((text) => leafHash(utf8(text))))
    : [];
  const entries = await Promise.all(
    covered.map(async (entry) => ({
      text: entry.text,
      proof: tlogProofText({
        index: entry.seq,
        proof: await inclusionProof(leaves, entry.seq),
        checkpoint: checkpoint.text,
      }),
    })),
  );
  return {
    entries,
    checkpoint: checkpoint.text,
    ...(since === undefined
      ? {}
      : {
          consistency: since === checkpoint.size ? [] : (await consistencyProof(leaves, since)).map(toBase64),
        }),
  };
}
