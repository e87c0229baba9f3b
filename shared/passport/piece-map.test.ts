import { beforeAll, describe, expect, it } from 'vitest';
import { buildLog, checkpointOf, historyOf, type LogStep, mapProofOf } from '../../test/passport/fixtures.ts';
import { keySet, makeTestKey, type TestKey } from '../../test/passport/signing.ts';
import { toHex, utf8 } from './bytes.ts';
import { parseCheckpoint } from './checkpoint.ts';
import { parseMapEntry } from './log-entry.ts';
import { leafHash } from './merkle.ts';
import {
  compareUtf8,
  latestEntries,
  mapLeafText,
  mapLeavesFor,
  mapTree,
  parseMapLeaf,
  verifyMapProof,
} from './piece-map.ts';
import { verifyHistory } from './verify.ts';

const T = (day: number) => `2026-07-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const STEPS: LogStep[] = [
  { kind: 'issue', piece: 'p-b', time: T(1), cert: 'A'.repeat(22) },
  { kind: 'issue', piece: 'p-d', time: T(1), cert: 'B'.repeat(22) },
  { kind: 'sale', piece: 'p-b', time: T(2) },
  { kind: 'map', piece: '', time: T(2) },
  { kind: 'transfer', piece: 'p-b', time: T(3) },
  { kind: 'issue', piece: 'p-f', time: T(4), cert: 'C'.repeat(22) },
  { kind: 'lost', piece: 'p-b', time: T(5) },
];

let signer: TestKey;
beforeAll(async () => {
  signer = await makeTestKey('2026-01-01T00:00:00.000Z');
});

describe('the map of every piece’s latest entry', () => {
  it('orders piece ids by their UTF-8 bytes, not UTF-16 code units', () => {
    expect(compareUtf8('a', 'b')).toBeLessThan(0);
    expect(compareUtf8('ab', 'a')).toBeGreaterThan(0);
    // U+FFFF (EF BF BF) sorts before U+1F600 (F0 9F 98 80) in UTF-8, after it in UTF-16.
    expect(compareUtf8('\uffff', '😀')).toBeLessThan(0);
    expect('\uffff' < '😀').toBe(false);
  });

  it('writes each leaf as canonical JSON and reads back only that', () => {
    const leaf = { piece: 'p-1', seq: 4, hash: 'e'.repeat(64) };
    const text = mapLeafText(leaf);
    expect(text).toBe(`{"hash":"${'e'.repeat(64)}","piece":"p-1","seq":4}`);
    expect(parseMapLeaf(text)).toEqual(leaf);
    for (const bad of [
      text.replace('{"hash"', '{ "hash"'),
      text.replace('"seq":4', '"seq":4.0'),
      text.replace('}', ',"x":1}'),
      `{"piece":"p-1","hash":"${'e'.repeat(64)}","seq":4}`,
      text.replace('"p-1"', '""'),
    ])
      expect(parseMapLeaf(bad), bad).toBeUndefined();
  });

  it('commits, in each map entry, to the latest entry of every piece among the entries before it', async () => {
    const log = await buildLog(STEPS);
    for (const [seq, text] of log.texts.entries()) {
      const map = parseMapEntry(text);
      if (!map) continue;
      const tree = await mapTree(await latestEntries(log.texts.slice(0, seq)));
      expect(map).toMatchObject({ seq, pieces: tree.leaves.length, root: toHex(tree.root) });
    }
    const latest = await latestEntries(log.texts.slice(0, -1));
    expect([...latest.keys()].sort()).toEqual(['p-b', 'p-d', 'p-f']);
    expect(latest.get('p-b')?.seq).toBe(6);
    // The first round's map: p-b and p-d only.
    expect(parseMapEntry(log.texts[3] as string)?.pieces).toBe(2);
  });

  it('proves a piece’s latest entry, and that a piece has none (before, between, after every leaf; an empty map)', async () => {
    const log = await buildLog(STEPS);
    const checkpoint = await checkpointOf(log.leaves, signer);
    const { size, root } = parseCheckpoint(checkpoint) as NonNullable<ReturnType<typeof parseCheckpoint>>;
    const check = async (pieceId: string, map = mapProofOf(log, pieceId, checkpoint)) =>
      verifyMapProof(await map, pieceId, checkpoint, size, root);
    expect(await check('p-b')).toMatchObject({ ok: true, latest: { seq: 6 } });
    expect(await check('p-f')).toMatchObject({ ok: true, latest: { seq: 5 } });
    for (const absent of ['p-a', 'p-c', 'p-e', 'p-g'])
      expect(await check(absent)).toEqual({ ok: true, latest: null });
    const proof = await mapProofOf(log, 'p-c', checkpoint);
    expect(proof.leaves.map((leaf) => leaf.index)).toEqual([0, 1]);
    // A lie: one leaf of the two, another piece's leaf for this one, leaves that are not adjacent.
    expect(await check('p-c', Promise.resolve({ ...proof, leaves: proof.leaves.slice(1) }))).toEqual({
      ok: false,
      reason: 'map-invalid',
    });
    const other = await mapProofOf(log, 'p-d', checkpoint);
    expect(await check('p-b', Promise.resolve(other))).toEqual({ ok: false, reason: 'map-invalid' });
    const tree = await mapTree(await latestEntries(log.texts.slice(0, -1)));
    const apart = [0, 2].map(async (index) => (await mapLeavesFor(tree, tree.leaves[index]?.piece ?? ''))[0]);
    expect(
      await check(
        'p-c',
        Promise.resolve({ ...proof, leaves: (await Promise.all(apart)) as typeof proof.leaves }),
      ),
    ).toEqual({ ok: false, reason: 'map-invalid' });
    // A map entry that is not the checkpoint's last entry, or none.
    const earlier = await checkpointOf(log.leaves.slice(0, 4), signer);
    const early = await mapProofOf(log, 'p-b', earlier, 4);
    expect(
      await check(
        'p-b',
        Promise.resolve({
          ...early,
          proof: (await mapProofOf(log, 'p-b', checkpoint)).proof.replace(/index \d+/, 'index 3'),
        }),
      ),
    ).toEqual({ ok: false, reason: 'map-invalid' });
    expect(await verifyMapProof(null, 'p-b', checkpoint, size, root)).toEqual({
      ok: false,
      reason: 'unprovable',
    });
    // An empty map proves every piece absent.
    const empty = await buildLog([{ kind: 'map', piece: '', time: T(1) }]);
    const emptyCheckpoint = await checkpointOf(empty.leaves, signer);
    const parsed = parseCheckpoint(emptyCheckpoint) as NonNullable<ReturnType<typeof parseCheckpoint>>;
    expect(
      await verifyMapProof(
        await mapProofOf(empty, 'p-a', emptyCheckpoint),
        'p-a',
        emptyCheckpoint,
        1,
        parsed.root,
      ),
    ).toEqual({ ok: true, latest: null });
  });
});

describe('the chain of a piece’s entries (verifyHistory)', () => {
  it('refuses a history with any one entry left out, two entries swapped, or an entry of another piece in its place', async () => {
    const log = await buildLog(STEPS);
    const checkpoint = await checkpointOf(log.leaves, signer);
    const keys = keySet(signer);
    const items = await historyOf(log, 'p-b', checkpoint);
    const piece = { pieceId: 'p-b', map: await mapProofOf(log, 'p-b', checkpoint) };
    expect(items).toHaveLength(4);
    expect(await verifyHistory(items, checkpoint, keys, piece)).toMatchObject({
      ok: true,
      lost: true,
      size: 8,
    });
    for (const i of items.keys()) {
      const left = items.filter((_, j) => j !== i);
      expect(await verifyHistory(left, checkpoint, keys, piece), `without ${i}`).toEqual({
        ok: false,
        reason: 'incomplete',
      });
    }
    const swapped = [items[0], items[2], items[1], items[3]] as typeof items;
    expect((await verifyHistory(swapped, checkpoint, keys, piece)).ok).toBe(false);
    const others = await historyOf(log, 'p-d', checkpoint);
    const substituted = items.map((item, i) => (i === 1 ? (others[0] as (typeof items)[number]) : item));
    expect((await verifyHistory(substituted, checkpoint, keys, piece)).ok).toBe(false);
    // The first entry's prev must be null: a history served from its second entry on is refused.
    expect(await verifyHistory(items.slice(1), checkpoint, keys, piece)).toEqual({
      ok: false,
      reason: 'incomplete',
    });
    // No map proof, or a log before prev: cannot be proven complete.
    expect(await verifyHistory(items, checkpoint, keys, { pieceId: 'p-b' })).toEqual({
      ok: false,
      reason: 'unprovable',
    });
    const old = await buildLog(
      STEPS.filter((step) => step.kind !== 'map'),
      { maps: false },
    );
    const stripped = old.texts.map((text) => text.replace(/,"prev":(null|\{[^}]*\})/, ''));
    const oldLeaves = await Promise.all(stripped.map((text) => leafHash(utf8(text))));
    const oldCheckpoint = await checkpointOf(oldLeaves, signer);
    const oldItems = await historyOf({ texts: stripped, leaves: oldLeaves }, 'p-b', oldCheckpoint);
    expect(await verifyHistory(oldItems, oldCheckpoint, keys, { pieceId: 'p-b', map: null })).toEqual({
      ok: false,
      reason: 'unprovable',
    });
  });

  it('refuses a history whose latest entry is hidden, and one served for a piece with no entry', async () => {
    const log = await buildLog(STEPS);
    const checkpoint = await checkpointOf(log.leaves, signer);
    const keys = keySet(signer);
    const items = await historyOf(log, 'p-b', checkpoint);
    const piece = { pieceId: 'p-b', map: await mapProofOf(log, 'p-b', checkpoint) };
    // The lost entry (the latest) hidden.
    expect(await verifyHistory(items.slice(0, -1), checkpoint, keys, piece)).toEqual({
      ok: false,
      reason: 'incomplete',
    });
    // A piece that has entries, said to have none.
    expect(
      await verifyHistory([], checkpoint, keys, {
        pieceId: 'p-b',
        map: await mapProofOf(log, 'p-c', checkpoint),
      }),
    ).toMatchObject({ ok: false });
    expect(
      await verifyHistory([], checkpoint, keys, {
        pieceId: 'p-c',
        map: await mapProofOf(log, 'p-c', checkpoint),
      }),
    ).toMatchObject({ ok: true, transfers: 0 });
  });
});
