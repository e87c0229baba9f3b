import { describe, expect, it } from 'vitest';
import { leafHash, rootOf } from './merkle.ts';
import {
  entriesPath,
  entryBundle,
  entryBundles,
  hashTiles,
  levelHashes,
  parseEntryBundle,
  tileIndexPath,
  tilePath,
} from './tiles.ts';

describe('the log as C2SP tlog-tiles (height 8)', () => {
  it('writes a tile index as x-prefixed 3-digit groups', () => {
    expect(tileIndexPath(0)).toBe('000');
    expect(tileIndexPath(67)).toBe('067');
    expect(tileIndexPath(999)).toBe('999');
    expect(tileIndexPath(1000)).toBe('x001/000');
    expect(tileIndexPath(1234067)).toBe('x001/x234/067');
    expect(() => tileIndexPath(-1)).toThrow();
  });

  it('names full and partial tiles and entry bundles', () => {
    expect(tilePath(0, 1234067)).toBe('tile/0/x001/x234/067');
    expect(tilePath(1, 1234067, 8)).toBe('tile/1/x001/x234/067.p/8');
    expect(entriesPath(5)).toBe('tile/entries/005');
    expect(entriesPath(5, 255)).toBe('tile/entries/005.p/255');
    expect(() => tilePath(0, 0, 0)).toThrow();
    expect(() => tilePath(0, 0, 257)).toThrow();
  });

  it('makes the tiles of 300 leaves: two of level 0 (one partial) and one partial of level 1, the first 256 leaves’ root', async () => {
    const entries = Array.from({ length: 300 }, (_, i) => new TextEncoder().encode(`entry ${i}`));
    const leaves = await Promise.all(entries.map(leafHash));
    const tiles = await hashTiles(leaves);
    expect(tiles.map((tile) => tile.path)).toEqual(['tile/0/000', 'tile/0/001.p/44', 'tile/1/000.p/1']);
    expect(tiles[0]?.bytes).toEqual(Uint8Array.from(leaves.slice(0, 256).flatMap((leaf) => [...leaf])));
    expect(tiles[1]?.bytes).toEqual(Uint8Array.from(leaves.slice(256).flatMap((leaf) => [...leaf])));
    expect(tiles[2]?.bytes).toEqual(await rootOf(leaves.slice(0, 256)));
    const levels = await levelHashes(leaves);
    expect(levels.map((level) => level.length)).toEqual([300, 150, 75, 37, 18, 9, 4, 2, 1]);
  });

  it('bundles entries with 2-byte big-endian lengths, and reads them back', () => {
    const long = new Uint8Array(258).fill(7);
    const bundle = entryBundle([Uint8Array.of(1, 2, 3), long]);
    expect([...bundle.subarray(0, 5)]).toEqual([0, 3, 1, 2, 3]);
    expect([...bundle.subarray(5, 7)]).toEqual([1, 2]);
    expect(parseEntryBundle(bundle)).toEqual([Uint8Array.of(1, 2, 3), long]);
    expect(parseEntryBundle(bundle.subarray(0, bundle.length - 1))).toBeUndefined();
    expect(() => entryBundle([new Uint8Array(65536)])).toThrow();
  });

  it('cuts the entries into bundles of 256, the last one partial', () => {
    const entries = Array.from({ length: 300 }, (_, i) => new TextEncoder().encode(`entry ${i}`));
    const bundles = entryBundles(entries);
    expect(bundles.map((bundle) => bundle.path)).toEqual(['tile/entries/000', 'tile/entries/001.p/44']);
    expect(parseEntryBundle(bundles[1]?.bytes as Uint8Array)).toEqual(entries.slice(256));
  });
});
