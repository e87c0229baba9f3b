import { tableName } from '#platform/aws-clients.ts';
import { equalBytes, toBase64, utf8 } from '#shared/passport/bytes.ts';
import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { parseMapEntry } from '#shared/passport/log-entry.ts';
import { consistencyProof, type Hash, inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { latestEntries, type MapProof, mapLeavesFor, mapTree } from '#shared/passport/piece-map.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { entryTextsFrom, latestCheckpoint, pieceEntries } from './entities/log-reads.ts';

/**
 * The log as this function's instance last read it: its entries' texts and leaf hashes (a
 * sequenced entry never changes, so a later checkpoint reads and hashes only the entries after
 * them), and the map tree of the last checkpoint it answered for. A warm instance answers a
 * piece without reading the whole log. Kept per table; taken only while it hashes to the
 * checkpoint's own root (checked once a checkpoint), else read again from the table.
 */
interface KeptLog {
  table: string;
  texts: string[];
  leaves: Hash[];
  checked?: string;
  tree?: { checkpoint: string; tree: Awaited<ReturnType<typeof mapTree>> };
}
let kept: KeptLog | undefined;

async function logAsOf(checkpoint: string, size: number): Promise<KeptLog> {
  const table = tableName();
  let log = kept?.table === table ? kept : { table, texts: [], leaves: [] };
  if (log.texts.length < size) {
    const more = await entryTextsFrom(log.texts.length);
    const hashes = await Promise.all(more.map((text) => leafHash(utf8(text))));
    log = { table, texts: [...log.texts, ...more], leaves: [...log.leaves, ...hashes] };
  }
  if (log.checked !== checkpoint) {
    const root = parseCheckpoint(checkpoint)?.root;
    const ours = log.texts.length >= size ? await rootOf(log.leaves.slice(0, size)) : undefined;
    if (!root || !ours || !equalBytes(root, ours)) {
      // Not this log's prefix (a table replaced under the same name): read it whole once more.
      const texts = (await entryTextsFrom(0)).slice(0, size);
      log = { table, texts, leaves: await Promise.all(texts.map((text) => leafHash(utf8(text)))) };
    }
    log = { ...log, checked: checkpoint };
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
 * every entry's leaf hash, read from the table (fine at a shop's scale: see log-sequencer.ts).
 * Undefined when `since` is past the checkpoint (a size this log never signed).
 */
export async function pieceHistory(pid: string, since?: number): Promise<PieceHistory | undefined> {
  const [checkpoint, mine] = await Promise.all([latestCheckpoint(), pieceEntries(pid)]);
  if (!checkpoint)
    return since === undefined || since === 0 ? { entries: [], checkpoint: null, map: null } : undefined;
  if (since !== undefined && since > checkpoint.size) return undefined;
  const covered = mine.filter((entry) => entry.seq < checkpoint.size);
  const log = await logAsOf(checkpoint.text, checkpoint.size);
  const texts = log.texts.slice(0, checkpoint.size);
  const leaves = log.leaves.slice(0, checkpoint.size);
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
    map: await mapProof(pid, texts, leaves, checkpoint.text, log),
    ...(since === undefined
      ? {}
      : {
          consistency: since === checkpoint.size ? [] : (await consistencyProof(leaves, since)).map(toBase64),
        }),
  };
}

/** The piece's map proof against the checkpoint of these entries, whose last is the map entry. */
async function mapProof(
  pid: string,
  texts: string[],
  leaves: Hash[],
  checkpoint: string,
  log: KeptLog,
): Promise<MapProof | null> {
  const last = texts.length - 1;
  const entry = texts[last];
  if (entry === undefined || !parseMapEntry(entry)) return null;
  // Another request may keep another checkpoint's tree meanwhile: this one holds its own.
  const tree =
    log.tree?.checkpoint === checkpoint
      ? log.tree.tree
      : await mapTree(await latestEntries(texts.slice(0, last)));
  log.tree = { checkpoint, tree };
  return {
    entry,
    proof: tlogProofText({ index: last, proof: await inclusionProof(leaves, last), checkpoint }),
    leaves: await mapLeavesFor(tree, pid),
  };
}
