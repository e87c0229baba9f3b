import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { utf8 } from '#shared/passport/bytes.ts';
import { listEntryText } from '#shared/passport/log.ts';
import { leafHash } from '#shared/passport/merkle.ts';
import { entryBundles } from '#shared/passport/tiles.ts';
import { type MonitorState, monitorLog } from '../../infra/passport/monitor.ts';
import { buildLog, checkpointOf, type LogStep } from './fixtures.ts';
import { keySet, makeTestKey, type TestKey } from './signing.ts';

/**
 * The monitor (infra/passport/monitor.ts) replays a shop's public files: an honest log holds, run
 * after run reading only what is new; a log that lies (a map entry whose root lies, an entry whose
 * prev skips one, an entry left out, two swapped, one of another piece, a checkpoint of another
 * history, a fork or a rollback since the last run) is refused, naming the check and the place.
 */
const ORIGIN = 'https://shop.example';
const T = (day: number) => `2026-07-${String(day).padStart(2, '0')}T10:00:00.000Z`;

/** Every kind of entry of p-1, another piece's between, two rounds. */
const EVERY_KIND: LogStep[] = [
  { kind: 'issue', piece: 'p-1', time: T(1), cert: 'A'.repeat(22) },
  { kind: 'issue', piece: 'p-2', time: T(1), cert: 'B'.repeat(22) },
  { kind: 'draw', piece: 'p-1', time: T(2), draw: `d-${'C'.repeat(22)}`, result: 'ab'.repeat(32) },
  { kind: 'sale', piece: 'p-1', time: T(2) },
  { kind: 'map', piece: '', time: T(2) },
  { kind: 'sale', piece: 'p-2', time: T(3) },
  { kind: 'transfer', piece: 'p-1', time: T(4) },
  { kind: 'reset', piece: 'p-1', time: T(5) },
  { kind: 'lost', piece: 'p-1', time: T(6) },
  { kind: 'found', piece: 'p-1', time: T(7) },
  { kind: 'lost', piece: 'p-1', time: T(8) },
];

type Files = Map<string, string | Uint8Array>;

/** The public files of a log of these entry texts, every `listed` size a published checkpoint. */
async function publish(texts: string[], key: TestKey, listed: number[] = []): Promise<Files> {
  const leaves = await Promise.all(texts.map((text) => leafHash(utf8(text))));
  const files: Files = new Map([['/.well-known/passport-keys.json', JSON.stringify(keySet(key))]]);
  files.set('/passport/log/checkpoint', await checkpointOf(leaves, key));
  for (const size of listed)
    files.set(`/passport/log/checkpoints/${size}`, await checkpointOf(leaves.slice(0, size), key));
  files.set('/passport/log/checkpoints.txt', [...listed, texts.length].map((size) => `${size}\n`).join(''));
  for (const file of entryBundles(texts.map(utf8))) files.set(`/passport/log/${file.path}`, file.bytes);
  return files;
}

function serve(files: Files, asked: string[] = []) {
  return async (url: string) => {
    asked.push(url.slice(ORIGIN.length));
    const body = files.get(url.slice(ORIGIN.length));
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(body as BodyInit);
  };
}

const monitor = (files: Files, state?: MonitorState, asked?: string[]) =>
  monitorLog({ origin: ORIGIN, state, fetcher: serve(files, asked) });

/** The entries renumbered as the shop would have to: each `seq` its place. */
const renumbered = (texts: string[]) =>
  texts.map((text, seq) => canonicalize({ ...JSON.parse(text), seq }) as string);

describe('the passport monitor', () => {
  it("holds a log with a release draw's list entry (in no piece's history), and refuses a list entry of another shape", async () => {
    const key = await makeTestKey('2026-01-01T00:00:00.000Z');
    const { texts } = await buildLog(EVERY_KIND);
    const list = listEntryText({
      seq: texts.length,
      time: T(9),
      draw: `d-${'D'.repeat(22)}`,
      list: 'cd'.repeat(32),
    });
    const held = await monitor(await publish([...texts, list], key));
    expect(held, JSON.stringify(held)).toMatchObject({ ok: true, entries: texts.length + 1, pieces: 2 });
    const withPiece = canonicalize({ ...JSON.parse(list), piece: 'p-1' }) as string;
    expect(await monitor(await publish([...texts, withPiece], key))).toMatchObject({
      ok: false,
      check: 'entry',
    });
  });

  it('holds an honest log of every entry kind, then goes on from its state reading only new bundles', async () => {
    const key = await makeTestKey('2026-01-01T00:00:00.000Z');
    const log = await buildLog(EVERY_KIND);
    const first = await monitor(await publish(log.texts, key, [5]));
    expect(first, JSON.stringify(first)).toMatchObject({ ok: true, entries: 12, checkpoints: 2, pieces: 2 });
    if (!first.ok) throw new Error('refused');
    // Grown by 300 entries: the next run reads the bundles from the one that holds entry 12 on, the
    // run after that only the last, partial one.
    const grownTexts = (
      await buildLog([
        ...EVERY_KIND,
        { kind: 'map', piece: '', time: T(8) },
        ...Array.from(
          { length: 300 },
          (_, i): LogStep => ({ kind: 'issue', piece: `q-${i}`, time: T(9), cert: 'E'.repeat(22) }),
        ),
      ])
    ).texts;
    const files = await publish(grownTexts.slice(0, 12), key);
    const base = await monitor(files);
    if (!base.ok) throw new Error('refused');
    const grownFiles = await publish(grownTexts, key, [12]);
    const asked: string[] = [];
    const second = await monitor(grownFiles, base.state, asked);
    expect(second, JSON.stringify(second)).toMatchObject({ ok: true, entries: grownTexts.length - 12 });
    expect(asked.filter((url) => url.includes('tile/entries'))).toEqual([
      '/passport/log/tile/entries/000',
      '/passport/log/tile/entries/001.p/57',
    ]);
    if (!second.ok) throw new Error('refused');
    const again: string[] = [];
    expect(await monitor(grownFiles, second.state, again)).toMatchObject({ ok: true, entries: 0 });
    expect(again.filter((url) => url.includes('tile/entries'))).toEqual([
      '/passport/log/tile/entries/001.p/57',
    ]);
  });

  it('names the first lie: a map entry whose root lies, an entry whose prev skips one, an entry that is none', async () => {
    const key = await makeTestKey('2026-01-01T00:00:00.000Z');
    const log = await buildLog(EVERY_KIND);
    const lyingMap = log.texts.map((text, i) =>
      i === 4 ? text.replace(/"root":"[0-9a-f]{64}"/, `"root":"${'0'.repeat(64)}"`) : text,
    );
    expect(await monitor(await publish(lyingMap, key))).toMatchObject({
      ok: false,
      check: 'map',
      at: 'entry 4',
    });
    const skipping = log.texts.map((text, i) => {
      if (i !== 7) return text;
      const entry = JSON.parse(text);
      return canonicalize({ ...entry, prev: JSON.parse(log.texts[3] as string).prev }) as string;
    });
    expect(await monitor(await publish(skipping, key))).toMatchObject({
      ok: false,
      check: 'prev',
      at: 'entry 7',
    });
    const garbled = log.texts.map((text, i) => (i === 2 ? text.replace('"draw"', '"drew"') : text));
    expect(await monitor(await publish(garbled, key))).toMatchObject({
      ok: false,
      check: 'entry',
      at: 'entry 2',
    });
  });

  it('refuses the log with any one entry of the piece left out, two swapped, or one swapped for another piece’s, for every kind', async () => {
    const key = await makeTestKey('2026-01-01T00:00:00.000Z');
    const log = await buildLog(EVERY_KIND);
    const mine = log.texts.flatMap((text, seq) => (JSON.parse(text).piece === 'p-1' ? [seq] : []));
    expect(new Set(mine.map((seq) => JSON.parse(log.texts[seq] as string).kind))).toEqual(
      new Set(['issue', 'draw', 'sale', 'transfer', 'reset', 'lost', 'found']),
    );
    const other = log.texts.findIndex(
      (text) => JSON.parse(text).piece === 'p-2' && JSON.parse(text).kind === 'sale',
    );
    for (const [n, seq] of mine.entries()) {
      const kind = JSON.parse(log.texts[seq] as string).kind;
      const left = renumbered(log.texts.filter((_, i) => i !== seq));
      expect((await monitor(await publish(left, key))).ok, `${kind} ${seq} left out`).toBe(false);
      const next = mine[n + 1];
      if (next !== undefined) {
        const swapped = renumbered(
          log.texts.map(
            (text, i) => (i === seq ? log.texts[next] : i === next ? log.texts[seq] : text) as string,
          ),
        );
        expect((await monitor(await publish(swapped, key))).ok, `${kind} ${seq} swapped`).toBe(false);
      }
      const substituted = log.texts.map((text, i) =>
        i === seq ? (canonicalize({ ...JSON.parse(log.texts[other] as string), seq }) as string) : text,
      );
      expect((await monitor(await publish(substituted, key))).ok, `${kind} ${seq} of another piece`).toBe(
        false,
      );
    }
  });

  it('refuses a checkpoint of another history, a bad signature, and a fork or a rollback since the last run', async () => {
    const key = await makeTestKey('2026-01-01T00:00:00.000Z');
    const stranger = await makeTestKey('2026-01-01T00:00:00.000Z');
    const log = await buildLog(EVERY_KIND);
    const other = await buildLog(EVERY_KIND);
    const files = await publish(log.texts, key, [5]);
    files.set('/passport/log/checkpoints/5', await checkpointOf(other.leaves.slice(0, 5), key));
    expect(await monitor(files)).toMatchObject({ ok: false, check: 'checkpoint root', at: 'checkpoint 5' });
    const unsigned = await publish(log.texts, key);
    unsigned.set('/passport/log/checkpoint', await checkpointOf(log.leaves, stranger));
    expect(await monitor(unsigned)).toMatchObject({ ok: false, check: 'checkpoint signature' });
    const honest = await monitor(await publish(log.texts, key));
    if (!honest.ok) throw new Error('refused');
    expect(await monitor(await publish(other.texts, key), honest.state)).toMatchObject({
      ok: false,
      check: 'consistency',
    });
    expect(await monitor(await publish(log.texts.slice(0, 5), key), honest.state)).toMatchObject({
      ok: false,
      check: 'consistency',
      detail: expect.stringMatching(/rolled back/),
    });
  });
});
