import { tableName } from '#platform/aws-clients.ts';
import { equalBytes, toBase64, utf8 } from '#shared/passport/bytes.ts';
import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { parseMapEntry } from '#shared/passport/log-entry.ts';
import { leafHash, MerkleTree } from '#shared/passport/merkle.ts';
import { latestEntries, type MapProof, mapLeavesFor, mapTree } from '#shared/passport/piece-map.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { entryTextsFrom, latestCheckpoint, pieceEntries } from './entities/log-reads.ts';

/**
 * The log as this function's instance last read it: its entries' texts and their Merkle tree (a
 * sequenced entry never changes, so a later checkpoint reads and hashes only the entries after
 * them, and every subtree root is hashed once for all the proofs this instance makes), and the
 * map tree of the last checkpoint it answered for. A warm instance answers a piece without
 * reading or hashing the whole log. Kept per table; taken only while it hashes to the
 * checkpoint's own root (checked once a checkpoint), else read again from the table.
 */
interface KeptLog {
  table: string;
  texts: string[];
  merkle: MerkleTree;
  checked?: string;
  tree?: { checkpoint: string; tree: Awaited<ReturnType<typeof mapTree>> };
}
let kept: KeptLog | undefined;

const hashesOf = (texts: string[]) => Promise.all(texts.map((text) => leafHash(utf8(text))));

async function logAsOf(checkpoint: string, size: number): Promise<KeptLog> {
  const table = tableName();
  let log: KeptLog = kept?.table === table ? kept : { table, texts: [], merkle: new MerkleTree([]) };
  if (log.texts.length < size) {
    const at = log.texts.length;
    const more = await entryTextsFrom(at);
    const hashes = await hashesOf(more);
    // Another request may have appended some of them meanwhile: texts and tree stay in step.
    const skip = log.texts.length - at;
    log.texts.push(...more.slice(skip));
    log.merkle.extend(hashes.slice(skip));
  }
  if (log.checked !== checkpoint) {
    const root = parseCheckpoint(checkpoint)?.root;
    const ours = log.texts.length >= size ? await log.merkle.root(size) : undefined;
    if (!root || !ours || !equalBytes(root, ours)) {
      // Not this log's prefix (a table replaced under the same name): read it whole once more.
      const texts = (await entryTextsFrom(0)).slice(0, size);
      log = { table, texts, merkle: new MerkleTree(await hashesOf(texts)) };
    }
    log.checked = checkpoint;
  }
  kept = log;
  return log;
}

export interface PieceHistory {
  /** The piece's entries in the latest checkpoint, each with its tlog-proof against it. */
  entries: { text: string; proof: string }[];
  checkpoint: string | null;
  /**
   * The checkpoint's last entry (a map entry), its tlog-proof and the piece's map leaf (or the two
   * around it): null when the checkpoint does not end with a map entry (a log made before them).
   */
  map: MapProof | null;
  /** From `since` to the checkpoint's size (base64 hashes), when `since` was given. */
  consistency?: string[];
}

/**
 * A piece's history as its passport shows it (docs/passport.md, The log): every entry of the
 * piece that the latest signed checkpoint covers, each with its inclusion proof as a C2SP
 * tlog-proof; entries sequenced after it wait for the next checkpoint. The proofs are made from
 * every entry's leaf hash, read from the table once per instance (fine at a shop's scale: see
 * log-sequencer.ts), their subtree roots hashed once.
 * Undefined when `since` is past the checkpoint (a size this log never signed).
 */
export async function pieceHistory(pid: string, since?: number): Promise<PieceHistory | undefined> {
  const [checkpoint, mine] = await Promise.all([latestCheckpoint(), pieceEntries(pid)]);
  if (!checkpoint)
    return since === undefined || since === 0 ? { entries: [], checkpoint: null, map: null } : undefined;
  if (since !== undefined && since > checkpoint.size) return undefined;
  const covered = mine.filter((entry) => entry.seq < checkpoint.size);
  const log = await logAsOf(checkpoint.text, checkpoint.size);
  const size = checkpoint.size;
  const entries = await Promise.all(
    covered.map(async (entry) => ({
      text: entry.text,
      proof: tlogProofText({
        index: entry.seq,
        proof: await log.merkle.inclusionProof(entry.seq, size),
        checkpoint: checkpoint.text,
      }),
    })),
  );
  return {
    entries,
    checkpoint: checkpoint.text,
    map: await mapProof(pid, log, size, checkpoint.text),
    ...(since === undefined
      ? {}
      : {
          consistency: since === size ? [] : (await log.merkle.consistencyProof(since, size)).map(toBase64),
        }),
  };
}

/** The piece's map proof against the checkpoint of the log's first `size` entries, whose last is the map entry. */
async function mapProof(
  pid: string,
  log: KeptLog,
  size: number,
  checkpoint: string,
): Promise<MapProof | null> {
  const last = size - 1;
  const entry = log.texts[last];
  if (entry === undefined || !parseMapEntry(entry)) return null;
  // Another request may keep another checkpoint's tree meanwhile: this one holds its own.
  const tree =
    log.tree?.checkpoint === checkpoint
      ? log.tree.tree
      : await mapTree(await latestEntries(log.texts.slice(0, last)));
  log.tree = { checkpoint, tree };
  return {
    entry,
    proof: tlogProofText({ index: last, proof: await log.merkle.inclusionProof(last, size), checkpoint }),
    leaves: await mapLeavesFor(tree, pid),
  };
}
