import { equalBytes, fromBase64, sha256, toBase64, toHex, utf8 } from '#shared/passport/bytes.ts';
import { verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { type PrevLink, parseEntry, parseListEntry, parseMapEntry } from '#shared/passport/log-entry.ts';
import { type Hash, leafHash, nodeHash } from '#shared/passport/merkle.ts';
import { mapTree, recordEntry } from '#shared/passport/piece-map.ts';
import { TILE_WIDTH } from '#shared/passport/tiles.ts';
import { type Fetch, fetchText, readEntries } from './read-public-log.ts';

/**
 * The passport log's monitor (docs/passport.md, The monitor): replays the public log from the
 * shop's public files, incrementally (only the entry bundles past what its state recorded), and
 * checks every checkpoint's signature, that each one's root is the root of the log's first `size`
 * entries (so every two checkpoints it has seen, this run's and the last run's, are consistent),
 * that every entry parses, that every entry's `prev` names its piece's actual previous entry, and
 * that every map entry's count and root are the map recomputed from the entries before it.
 */

/** What a run keeps for the next: the last verified checkpoint and the hashes needed to go on. */
export interface MonitorState {
  origin: string;
  /** The last verified checkpoint, and its size. */
  checkpoint: string;
  size: number;
  /** The roots of the perfect subtrees the first `size` leaves make, left to right (base64). */
  frontier: string[];
  /** The leaf hashes of the entries in the last, partial entry bundle (base64): it is read again. */
  tail: string[];
  /** Every piece's latest entry among the first `size`. */
  latest: Record<string, PrevLink>;
}

export type MonitorResult =
  | { ok: true; state: MonitorState; entries: number; checkpoints: number; pieces: number }
  | { ok: false; check: string; at: string; detail: string };

class Lie extends Error {
  readonly check: string;
  readonly at: string;
  constructor(check: string, at: string, detail: string) {
    super(detail);
    this.check = check;
    this.at = at;
  }
}

/** Appends a leaf to a frontier of `size` leaves (RFC 6962's tree: merge equal subtrees). */
async function push(frontier: Hash[], size: number, leaf: Hash): Promise<void> {
  let hash = leaf;
  for (let n = size; n % 2 === 1; n = Math.floor(n / 2)) hash = await nodeHash(frontier.pop() as Hash, hash);
  frontier.push(hash);
}

/** The root of the tree whose perfect subtrees these are. */
async function rootOf(frontier: Hash[]): Promise<Hash> {
  if (frontier.length === 0) return sha256(new Uint8Array());
  let hash = frontier.at(-1) as Hash;
  for (let i = frontier.length - 2; i >= 0; i--) hash = await nodeHash(frontier[i] as Hash, hash);
  return hash;
}

const decode = (hashes: string[]) => hashes.map((hash) => fromBase64(hash) as Hash);

async function signed(text: string, keys: KeySet, at: string) {
  const verdict = await verifyCheckpoint(text, keys);
  if (!verdict.ok)
    throw new Lie('checkpoint signature', at, `the checkpoint does not verify (${verdict.reason})`);
  return verdict.checkpoint;
}

export async function monitorLog(input: {
  origin: string;
  state?: MonitorState;
  fetcher?: Fetch;
}): Promise<MonitorResult> {
  try {
    return await run(input.origin, input.state, input.fetcher ?? fetch);
  } catch (error) {
    if (error instanceof Lie) return { ok: false, check: error.check, at: error.at, detail: error.message };
    throw error;
  }
}

async function run(origin: string, state: MonitorState | undefined, fetcher: Fetch): Promise<MonitorResult> {
  if (state && state.origin !== origin)
    throw new Error(`the state file is of ${state.origin}, not ${origin}`);
  const keys = JSON.parse(await fetchText(fetcher, `${origin}/.well-known/passport-keys.json`)) as KeySet;
  const latestText = await fetchText(fetcher, `${origin}/passport/log/checkpoint`);
  const latest = await signed(latestText, keys, 'checkpoint');
  const from = state?.size ?? 0;
  if (state) {
    const kept = await signed(state.checkpoint, keys, `kept checkpoint ${state.size}`);
    if (latest.size < kept.size)
      throw new Lie('consistency', `size ${latest.size}`, `the log shrank from ${kept.size}: rolled back`);
    if (latest.size === kept.size && !equalBytes(latest.root, kept.root))
      throw new Lie(
        'consistency',
        `size ${latest.size}`,
        'another root than the last run’s checkpoint of this size: a fork',
      );
  }

  // Every checkpoint the shop lists past the last run's, and the latest.
  const listed = (await fetchText(fetcher, `${origin}/passport/log/checkpoints.txt`).catch(() => ''))
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number)
    .filter((size) => size > from && size < latest.size);
  const checkpoints = new Map<number, Hash>([[latest.size, latest.root]]);
  for (const size of listed) {
    const text = await fetchText(fetcher, `${origin}/passport/log/checkpoints/${size}`);
    const checkpoint = await signed(text, keys, `checkpoint ${size}`);
    if (checkpoint.size !== size)
      throw new Lie(
        'checkpoint',
        `checkpoint ${size}`,
        `published as checkpoint ${size}, it says ${checkpoint.size}`,
      );
    checkpoints.set(size, checkpoint.root);
  }

  // Replay: the bundles from the one that holds the first new entry.
  const texts = await readEntries(origin, from, latest.size, fetcher);
  const first = Math.floor(from / TILE_WIDTH) * TILE_WIDTH;
  const frontier = decode(state?.frontier ?? []);
  const tail = decode(state?.tail ?? []);
  const pieces = new Map(Object.entries(state?.latest ?? {}));
  let tailHashes: Hash[] = [...tail];
  for (const [i, text] of texts.entries()) {
    const seq = first + i;
    const leaf = await leafHash(utf8(text));
    if (seq < from) {
      // An entry the last run verified: the same bytes still.
      if (!equalBytes(leaf, tail[seq - first] ?? new Uint8Array()))
        throw new Lie('consistency', `entry ${seq}`, 'another entry than the one the last run verified');
      continue;
    }
    const entry = parseEntry(text);
    const map = entry ? undefined : parseMapEntry(text);
    // A release draw's list (docs/draw.md): in the log, in no piece's history.
    const list = entry || map ? undefined : parseListEntry(text);
    const read = entry ?? map ?? list;
    if (!read) throw new Lie('entry', `entry ${seq}`, 'not an entry of the log’s format');
    if (read.seq !== seq) throw new Lie('entry', `entry ${seq}`, `its seq says ${read.seq}`);
    if (entry) {
      const actual = pieces.get(entry.piece) ?? null;
      if (entry.prev?.seq !== actual?.seq || entry.prev?.hash !== actual?.hash)
        throw new Lie(
          'prev',
          `entry ${seq}`,
          `its prev names ${entry.prev ? `entry ${entry.prev.seq}` : 'none'}, the piece’s previous entry is ${actual ? `entry ${actual.seq} (${actual.hash})` : 'none'}`,
        );
      await recordEntry(pieces, text, seq);
    } else if (map) {
      const tree = await mapTree(pieces);
      if (map.pieces !== tree.leaves.length || map.root !== toHex(tree.root))
        throw new Lie(
          'map',
          `entry ${seq}`,
          `its map says ${map.pieces} pieces, root ${map.root}; the entries before it make ${tree.leaves.length}, root ${toHex(tree.root)}`,
        );
    }
    await push(frontier, seq, leaf);
    if (seq % TILE_WIDTH === 0) tailHashes = [];
    tailHashes.push(leaf);
    const root = checkpoints.get(seq + 1);
    if (root && !equalBytes(root, await rootOf(frontier)))
      throw new Lie(
        'checkpoint root',
        `checkpoint ${seq + 1}`,
        'its root is not the root of the log’s first entries',
      );
  }
  if (latest.size > from && latest.size % TILE_WIDTH === 0) tailHashes = [];
  return {
    ok: true,
    entries: latest.size - from,
    checkpoints: checkpoints.size,
    pieces: pieces.size,
    state: {
      origin,
      checkpoint: latest.size > from || !state ? latestText : state.checkpoint,
      size: latest.size,
      frontier: frontier.map(toBase64),
      tail: (latest.size > from ? tailHashes : tail).map(toBase64),
      latest: Object.fromEntries(pieces),
    },
  };
}
