import { concatBytes } from './bytes.ts';
import { type Hash, nodeHash } from './merkle.ts';

/**
 * The log as static files, C2SP tlog-tiles (c2sp.org/tlog-tiles), height 8: `tile/<L>/<N>` holds
 * the hashes of level 8·L of the tree, 256 a tile; `tile/entries/<N>` the entries themselves, each
 * prefixed with its 2-byte big-endian length. The last tile of a level may be partial
 * (`.p/<W>`, W from 1 to 255).
 */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 2 ** TILE_HEIGHT;

/** N as 3-digit path elements, all but the last prefixed with x: 1234067 → x001/x234/067. */
export function tileIndexPath(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`Not a tile index: ${index}`);
  const digits = String(index);
  const padded = digits.padStart(Math.ceil(digits.length / 3) * 3, '0');
  const groups = padded.match(/\d{3}/g) as string[];
  return groups.map((group, i) => (i < groups.length - 1 ? `x${group}` : group)).join('/');
}

const partial = (width: number) => {
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH)
    throw new RangeError(`Not a tile width: ${width}`);
  return width === TILE_WIDTH ? '' : `.p/${width}`;
};

export const tilePath = (level: number, index: number, width = TILE_WIDTH) =>
  `tile/${level}/${tileIndexPath(index)}${partial(width)}`;

export const entriesPath = (index: number, width = TILE_WIDTH) =>
  `tile/entries/${tileIndexPath(index)}${partial(width)}`;

/** The hashes of every level of the tree (level 0: the leaves), complete subtrees only. */
export async function levelHashes(leaves: readonly Hash[]): Promise<Hash[][]> {
  const levels: Hash[][] = [[...leaves]];
  for (let below = levels[0] as Hash[]; below.length > 1; ) {
    const above: Hash[] = [];
    for (let i = 0; i + 1 < below.length; i += 2)
      above.push(await nodeHash(below[i] as Hash, below[i + 1] as Hash));
    levels.push(above);
    below = above;
  }
  return levels;
}

export interface TileFile {
  path: string;
  bytes: Uint8Array;
}

/** Tile N of a level's hashes: up to 256 of them, concatenated. */
export const tileContents = (hashes: readonly Hash[], index: number) =>
  concatBytes(...hashes.slice(index * TILE_WIDTH, (index + 1) * TILE_WIDTH));

/** Every hash tile of a tree of these leaves. */
export async function hashTiles(leaves: readonly Hash[]): Promise<TileFile[]> {
  const levels = await levelHashes(leaves);
  const files: TileFile[] = [];
  for (let level = 0; (levels[level * TILE_HEIGHT]?.length ?? 0) > 0; level++) {
    const hashes = levels[level * TILE_HEIGHT] as Hash[];
    for (let index = 0; index * TILE_WIDTH < hashes.length; index++) {
      const width = Math.min(TILE_WIDTH, hashes.length - index * TILE_WIDTH);
      files.push({ path: tilePath(level, index, width), bytes: tileContents(hashes, index) });
    }
  }
  return files;
}

/** An entry bundle: each entry prefixed with its length, 2 bytes big-endian. */
export function entryBundle(entries: readonly Uint8Array[]): Uint8Array {
  return concatBytes(
    ...entries.flatMap((entry) => {
      if (entry.length > 0xffff) throw new RangeError('An entry is at most 65535 bytes');
      return [Uint8Array.of(entry.length >> 8, entry.length & 0xff), entry];
    }),
  );
}

export function parseEntryBundle(bytes: Uint8Array): Uint8Array[] | undefined {
  const entries: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (at + 2 > bytes.length) return undefined;
    const length = ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
    if (at + 2 + length > bytes.length) return undefined;
    entries.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return entries;
}

export function entryBundles(entries: readonly Uint8Array[]): TileFile[] {
  const files: TileFile[] = [];
  for (let index = 0; index * TILE_WIDTH < entries.length; index++) {
    const bundle = entries.slice(index * TILE_WIDTH, (index + 1) * TILE_WIDTH);
    files.push({ path: entriesPath(index, bundle.length), bytes: entryBundle(bundle) });
  }
  return files;
}
