import type { Hash } from '#shared/passport/merkle.ts';
import {
  entriesPath,
  entryBundle,
  levelHashes,
  TILE_HEIGHT,
  TILE_WIDTH,
  type TileFile,
  tileContents,
  tilePath,
} from '#shared/passport/tiles.ts';

/**
 * The tile and entry-bundle files (C2SP tlog-tiles, shared/passport/tiles.ts) a log of `size`
 * entries needs written when the last published one had `publishedSize`: every tile that holds a
 * hash or an entry at or past the published size, at every level. A full tile never changes;
 * a partial one is written under its own width, so what a client already fetched stays true.
 */
export interface LogFile extends TileFile {
  /** A full tile (256 wide): it never changes again. */
  full: boolean;
}

export async function changedLogFiles(
  leaves: readonly Hash[],
  entries: readonly Uint8Array[],
  publishedSize: number,
): Promise<LogFile[]> {
  if (leaves.length !== entries.length) throw new Error('one leaf hash per entry');
  const size = leaves.length;
  const files: LogFile[] = [];
  const levels = await levelHashes(leaves);
  for (let level = 0; (levels[level * TILE_HEIGHT]?.length ?? 0) > 0; level++) {
    const hashes = levels[level * TILE_HEIGHT] as Hash[];
    // Level L holds the hashes of complete subtrees of 256^L leaves.
    const published = Math.floor(publishedSize / TILE_WIDTH ** level);
    for (let index = Math.floor(published / TILE_WIDTH); index * TILE_WIDTH < hashes.length; index++) {
      const width = Math.min(TILE_WIDTH, hashes.length - index * TILE_WIDTH);
      if (index * TILE_WIDTH + width <= published) continue;
      files.push({
        path: tilePath(level, index, width),
        bytes: tileContents(hashes, index),
        full: width === TILE_WIDTH,
      });
    }
  }
  for (let index = Math.floor(publishedSize / TILE_WIDTH); index * TILE_WIDTH < size; index++) {
    const bundle = entries.slice(index * TILE_WIDTH, (index + 1) * TILE_WIDTH);
    if (index * TILE_WIDTH + bundle.length <= publishedSize) continue;
    files.push({
      path: entriesPath(index, bundle.length),
      bytes: entryBundle(bundle),
      full: bundle.length === TILE_WIDTH,
    });
  }
  return files;
}
