import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { utf8 } from '#shared/passport/bytes.ts';
import { entryBundles } from '#shared/passport/tiles.ts';
import { exportPassport } from '../../infra/passport/export.ts';
import { buildLog, checkpointOf, historyOf, issuePiece, type LogStep, mapProofOf } from './fixtures.ts';
import {
  type Keys,
  verifyCertificateText,
  verifyFragmentText,
  verifyHistoryItems,
} from './independent-verifier.ts';
import { keySet, makeTestKey } from './signing.ts';
import { makeVectors } from './vectors.ts';

/**
 * The export made from a shop's public files only (infra/passport/export.ts), then checked with
 * the shop switched off by the independent verifier: every piece's code, certificate and
 * history. A shop that rewrote an old checkpoint's history is caught while exporting.
 */
const ORIGIN = 'https://shop.example';
const folders: string[] = [];
afterEach(async () => Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true }))));

async function shop(options: { forkedOldCheckpoint?: boolean } = {}) {
  const key = await makeTestKey('2026-01-01T00:00:00.000Z');
  const pieces = await Promise.all(
    ['p-1', 'p-2'].map((pieceId, i) =>
      issuePiece(
        { pieceId, collection: 'Nocturne', number: i + 1, of: 2, validFrom: '2026-07-01T10:00:00.000Z' },
        key,
      ),
    ),
  );
  const { certificateDigest } = await import('#shared/passport/certificate.ts');
  const steps: LogStep[] = [
    {
      kind: 'issue',
      piece: 'p-1',
      time: '2026-07-01T10:00:00.000Z',
      cert: await certificateDigest(pieces[0]?.certificate ?? ''),
    },
    {
      kind: 'issue',
      piece: 'p-2',
      time: '2026-07-01T10:00:00.000Z',
      cert: await certificateDigest(pieces[1]?.certificate ?? ''),
    },
    { kind: 'sale', piece: 'p-1', time: '2026-07-02T10:00:00.000Z' },
    { kind: 'transfer', piece: 'p-1', time: '2026-08-02T10:00:00.000Z' },
    { kind: 'transfer', piece: 'p-1', time: '2026-09-02T10:00:00.000Z' },
  ];
  const log = await buildLog(steps);
  const checkpoint = await checkpointOf(log.leaves, key);
  // An older checkpoint: of the first three entries, or of another history of three entries.
  const other = await buildLog([steps[1] as LogStep, steps[0] as LogStep, steps[2] as LogStep]);
  const old = await checkpointOf((options.forkedOldCheckpoint ? other : log).leaves.slice(0, 3), key);
  const files = new Map<string, string | Uint8Array>([
    ['/.well-known/passport-keys.json', JSON.stringify(keySet(key))],
    ['/passport/log/checkpoint', checkpoint],
    ['/passport/log/checkpoints.txt', '3\n6\n'],
    ['/passport/log/checkpoints/3', old],
    ['/passport/log/checkpoints/6', checkpoint],
  ]);
  for (const file of entryBundles(log.texts.map(utf8))) files.set(`/passport/log/${file.path}`, file.bytes);
  for (const [i, piece] of pieces.entries()) {
    const pid = `p-${i + 1}`;
    files.set(
      `/api/passport/pieces/${pid}`,
      JSON.stringify({
        status: 200,
        piece: pid,
        certificate: piece.certificate,
        code: piece.code,
        entries: (await historyOf(log, pid, checkpoint)).map(({ entry, proof }) => ({ text: entry, proof })),
        checkpoint,
        map: await mapProofOf(log, pid, checkpoint),
        lost: false,
      }),
    );
  }
  const fetcher = async (url: string) => {
    const body = files.get(url.slice(ORIGIN.length));
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(body as BodyInit);
  };
  return { fetcher };
}

async function exportOf(options: { forkedOldCheckpoint?: boolean } = {}) {
  const out = await mkdtemp(join(tmpdir(), 'passport-export-'));
  folders.push(out);
  const { fetcher } = await shop(options);
  const summary = await exportPassport({
    origin: ORIGIN,
    out,
    algorithm: '# the algorithm',
    vectors: await makeVectors(),
    fetcher,
  });
  return { out, summary };
}

describe('the passport export', () => {
  it('holds the keys, every entry and checkpoint, each piece and the vectors; all verify with no server', async () => {
    const { out, summary } = await exportOf();
    expect(summary).toEqual({ pieces: 2, entries: 6, checkpoints: 2, vectors: expect.any(Number) });
    expect(summary.vectors).toBeGreaterThanOrEqual(50);
    expect((await readdir(join(out, 'log/checkpoints'))).sort()).toEqual(['3', '6']);
    const keys = JSON.parse(await readFile(join(out, 'keys.json'), 'utf8')) as Keys;
    const entries = (await readFile(join(out, 'log/entries.jsonl'), 'utf8')).trim().split('\n');
    expect(entries).toHaveLength(6);
    for (const file of await readdir(join(out, 'pieces'))) {
      const piece = JSON.parse(await readFile(join(out, 'pieces', file), 'utf8'));
      const code = verifyFragmentText(piece.code, keys, new Date('2026-11-27T00:00:00Z'));
      expect(code.ok).toBe(true);
      expect(verifyCertificateText(piece.certificate, keys, code).ok).toBe(true);
      const history = verifyHistoryItems(
        piece.entries.map((e: { text: string; proof: string }) => ({ entry: e.text, proof: e.proof })),
        piece.checkpoint,
        keys,
        piece.piece,
        piece.map,
      );
      expect(history.ok).toBe(true);
      if (piece.piece === 'p-1')
        expect(history).toMatchObject({ transfers: 2, sold: true, last: '2026-09-02' });
    }
  });

  it('refuses a log whose older checkpoint tells another history (a fork or a rewrite)', async () => {
    await expect(exportOf({ forkedOldCheckpoint: true })).rejects.toThrow(
      /not a prefix of the published log/,
    );
  });
});
