import canonicalize from 'canonicalize';
import { fromBase64, toBase64, toHex, utf8 } from './bytes.ts';
import { type PrevLink, parseMapEntry, pieceOfText } from './log-entry.ts';
import { type Hash, leafHash, MerkleTree, verifyInclusion } from './merkle.ts';
import { parseTlogProof } from './tlog-proof.ts';

/**
 * The map of every piece's latest entry (docs/passport.md, Completeness): one leaf per piece that
 * has entries, sorted by piece id (UTF-8 bytes), each the canonical JSON
 * `{"hash":"<hex leaf hash of the piece's latest entry>","piece":"<pid>","seq":<its seq>}`, in an
 * RFC 6962 tree whose root a `map` entry of the log commits to. A piece's map proof shows its
 * latest entry (its leaf), or that it has none (the two leaves around where it would be).
 */
export interface MapLeaf extends PrevLink {
  piece: string;
}

/** A map proof as GET /api/passport/pieces/<pid> answers it. */
export interface MapProof {
  /** The map entry's text: the checkpoint's last entry. */
  entry: string;
  /** Its tlog-proof against the same checkpoint as the piece's entries. */
  proof: string;
  /** The piece's leaf, or for a piece with no entry the adjacent leaves (none in an empty map). */
  leaves: { index: number; text: string; proof: string[] }[];
}

/** Orders piece ids by their UTF-8 bytes. */
export function compareUtf8(a: string, b: string): number {
  const [x, y] = [utf8(a), utf8(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  }
  return x.length - y.length;
}

export function mapLeafText({ hash, piece, seq }: MapLeaf): string {
  const text = canonicalize({ hash, piece, seq });
  if (text === undefined) throw new Error('A map leaf is plain JSON');
  return text;
}

/** A map leaf's text, exactly as mapLeafText writes it; undefined for anything else. */
export function parseMapLeaf(text: string): MapLeaf | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const leaf = value as Record<string, unknown>;
  if (
    Object.keys(leaf).sort().join(',') !== 'hash,piece,seq' ||
    typeof leaf.hash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(leaf.hash) ||
    typeof leaf.piece !== 'string' ||
    leaf.piece === '' ||
    !Number.isSafeInteger(leaf.seq) ||
    (leaf.seq as number) < 0
  ) {
    return undefined;
  }
  const parsed = { hash: leaf.hash, piece: leaf.piece, seq: leaf.seq as number };
  return mapLeafText(parsed) === text ? parsed : undefined;
}

/** The hex leaf hash of an entry's text: what `prev` and a map leaf name. */
export const entryHashHex = async (text: string) => toHex(await leafHash(utf8(text)));

/**
 * Every piece's latest entry, updated with the entry `text` at `seq` (map entries name no piece
 * and change nothing). `latest` is changed in place.
 */
export async function recordEntry(latest: Map<string, PrevLink>, text: string, seq: number): Promise<void> {
  const piece = pieceOfText(text);
  if (piece !== undefined) latest.set(piece, { seq, hash: await entryHashHex(text) });
}

/** The latest entry of every piece among these entries (the first `texts.length` of the log). */
export async function latestEntries(texts: readonly string[]): Promise<Map<string, PrevLink>> {
  const latest = new Map<string, PrevLink>();
  for (const [seq, text] of texts.entries()) await recordEntry(latest, text, seq);
  return latest;
}

/** The map tree of these latest entries: its leaves in order, their hashes and its root. */
export async function mapTree(latest: ReadonlyMap<string, PrevLink>) {
  const leaves = [...latest.entries()]
    .map(([piece, { seq, hash }]) => ({ piece, seq, hash }))
    .sort((a, b) => compareUtf8(a.piece, b.piece));
  const texts = leaves.map(mapLeafText);
  const hashes = await Promise.all(texts.map((text) => leafHash(utf8(text))));
  const merkle = new MerkleTree(hashes);
  return { leaves, texts, hashes, merkle, root: await merkle.root() };
}

/** The proof leaves of a piece in a map tree: its own leaf, or the ones around where it would be. */
export async function mapLeavesFor(
  tree: Awaited<ReturnType<typeof mapTree>>,
  pieceId: string,
): Promise<MapProof['leaves']> {
  const at = tree.leaves.findIndex((leaf) => compareUtf8(leaf.piece, pieceId) >= 0);
  const found = at >= 0 && tree.leaves[at]?.piece === pieceId;
  const indexes = found ? [at] : at < 0 ? [tree.leaves.length - 1] : [at - 1, at];
  return Promise.all(
    indexes
      .filter((index) => index >= 0)
      .map(async (index) => ({
        index,
        text: tree.texts[index] as string,
        proof: (await tree.merkle.inclusionProof(index)).map(toBase64),
      })),
  );
}

export type MapVerdict =
  | { ok: true; latest: PrevLink | null }
  | { ok: false; reason: 'map-invalid' | 'unprovable' };

/**
 * A piece's map proof against a verified checkpoint (`checkpoint`, its `size` and `root`): the map
 * entry is the checkpoint's last entry and in it; each leaf is in the map's tree of `pieces`
 * leaves; then either one leaf names the piece (its latest entry), or the leaves are adjacent and
 * the piece would sort between them (it has no entry).
 */
export async function verifyMapProof(
  map: MapProof | null | undefined,
  pieceId: string,
  checkpoint: string,
  size: number,
  root: Hash,
): Promise<MapVerdict> {
  if (!map) return { ok: false, reason: 'unprovable' };
  const invalid = { ok: false, reason: 'map-invalid' } as const;
  const proof = parseTlogProof(map.proof);
  const entry = parseMapEntry(map.entry);
  if (!proof || proof.checkpoint !== checkpoint || proof.index !== size - 1) return invalid;
  if (!entry || entry.seq !== proof.index) return invalid;
  if (!(await verifyInclusion(proof.index, size, await leafHash(utf8(map.entry)), proof.proof, root)))
    return invalid;
  const mapRoot = Uint8Array.from(entry.root.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
  if (!Array.isArray(map.leaves) || map.leaves.length > 2) return invalid;
  const leaves: (MapLeaf & { index: number })[] = [];
  for (const item of map.leaves) {
    const leaf = typeof item?.text === 'string' ? parseMapLeaf(item.text) : undefined;
    const hashes = Array.isArray(item?.proof) ? item.proof.map((hash) => fromBase64(String(hash))) : [];
    if (!leaf || leaf.seq >= entry.seq || !hashes.every((hash) => hash !== undefined)) return invalid;
    if (!(await verifyInclusion(item.index, entry.pieces, await leafHash(utf8(item.text)), hashes, mapRoot)))
      return invalid;
    leaves.push({ ...leaf, index: item.index });
  }
  leaves.sort((a, b) => a.index - b.index);
  const own = leaves.find((leaf) => leaf.piece === pieceId);
  if (own) return leaves.length === 1 ? { ok: true, latest: { seq: own.seq, hash: own.hash } } : invalid;
  const [first, second] = leaves;
  const before = (leaf: MapLeaf) => compareUtf8(leaf.piece, pieceId) < 0;
  const absent =
    leaves.length === 0
      ? entry.pieces === 0
      : leaves.length === 2
        ? second?.index === (first?.index as number) + 1 &&
          before(first as MapLeaf) &&
          !before(second as MapLeaf)
        : (first?.index === 0 && !before(first)) ||
          (first?.index === entry.pieces - 1 && before(first as MapLeaf));
  return absent ? { ok: true, latest: null } : invalid;
}
