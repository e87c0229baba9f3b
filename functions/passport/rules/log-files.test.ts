import { describe, expect, it } from 'vitest';
import { utf8 } from '#shared/passport/bytes.ts';
import { leafHash } from '#shared/passport/merkle.ts';
import { entryBundles, hashTiles } from '#shared/passport/tiles.ts';
import { changedLogFiles } from './log-files.ts';

const entriesOf = (n: number) => Array.from({ length: n }, (_, i) => utf8(`{"seq":${i}}`));
const logOf = async (n: number) => {
  const entries = entriesOf(n);
  return { entries, leaves: await Promise.all(entries.map(leafHash)) };
};
const paths = (files: { path: string }[]) => files.map((f) => f.path).sort();

describe('the log files a sequencer writes', () => {
  it('from nothing published: every tile and entry bundle of the tree, as tlog-tiles has them', async () => {
    for (const n of [1, 2, 255, 256, 257, 600]) {
      const { entries, leaves } = await logOf(n);
      const all = [...(await hashTiles(leaves)), ...entryBundles(entries)];
      const files = await changedLogFiles(leaves, entries, 0);
      expect(paths(files), String(n)).toEqual(paths(all));
      for (const file of files) expect(file.bytes).toEqual(all.find((a) => a.path === file.path)?.bytes);
    }
  });

  it('after a checkpoint: only the tiles holding something past it, full ones marked immutable', async () => {
    const { entries, leaves } = await logOf(600);
    const files = await changedLogFiles(leaves, entries, 520);
    // Level 0: tiles 0 and 1 are full and were published; tile 2 is new (88 wide).
    // Level 1: 2 hashes (512 leaves), the same as at 520: nothing new there.
    expect(paths(files)).toEqual(['tile/0/002.p/88', 'tile/entries/002.p/88']);
    expect(files.every((f) => !f.full)).toBe(true);

    const grown = await changedLogFiles(leaves.slice(0, 512), entries.slice(0, 512), 300);
    expect(paths(grown)).toEqual(['tile/0/001', 'tile/1/000.p/2', 'tile/entries/001']);
    expect(
      grown
        .filter((f) => f.full)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['tile/0/001', 'tile/entries/001']);
  });

  it('nothing when nothing was added', async () => {
    const { entries, leaves } = await logOf(300);
    expect(await changedLogFiles(leaves, entries, 300)).toEqual([]);
  });
});
