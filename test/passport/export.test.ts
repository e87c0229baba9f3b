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
import { exportedVectors } from './vectors.ts';
import { vectorsJsonSchema } from './vectors-schema.ts';
import { cosign, logVkey, makeEd25519Key, makeWitness, signWithLog } from './witnessing.ts';

/**
 * The export made from a shop's public files only (infra/passport/export.ts), then checked with
 * the shop switched off by the independent verifier: every piece's code, certificate and
 * history. A shop that rewrote an old checkpoint's history is caught while exporting.
 */
const ORIGIN = 'https://shop.example';
const folders: string[] = [];
afterEach(async () => Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true }))));

interface ShopOptions {
  forkedOldCheckpoint?: boolean;
  /** The latest checkpoint signed with the log's Ed25519 key and cosigned (policy 2 of 2). */
  witnessed?: 'both' | 'one' | 'forked-view';
}

async function shop(options: ShopOptions = {}) {
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
  const logKey = makeEd25519Key();
  const witnesses = await Promise.all(['a.witness.example', 'b.witness.example'].map(makeWitness));
  const origin = 'shop.example/passport/log';
  const { rootOf } = await import('#shared/passport/merkle.ts');
  const checkpoint = options.witnessed
    ? await cosign(
        await signWithLog({ origin, size: log.leaves.length, root: await rootOf(log.leaves) }, logKey),
        options.witnessed === 'one' ? witnesses.slice(0, 1) : witnesses,
      )
    : await checkpointOf(log.leaves, key);
  const keys = {
    ...keySet(key),
    ...(options.witnessed
      ? {
          logKeys: [{ vkey: await logVkey(origin, logKey), from: '2026-01-01' }],
          witnessPolicy: `${witnesses.map((w, i) => `witness w${i} ${w.vkey} https://${w.name}\n`).join('')}group g 2 w0 w1\nquorum g\n`,
        }
      : {}),
  };
  // What a witness says it cosigned last: a checkpoint of size 4 of another tree, when forked.
  const forked = await buildLog([steps[1] as LogStep, steps[0] as LogStep, ...steps.slice(2)]);
  const witnessView = await cosign(
    await signWithLog({ origin, size: 4, root: await rootOf(forked.leaves.slice(0, 4)) }, logKey),
    witnesses.slice(1),
  );
  const { createHash } = await import('node:crypto');
  const originHash = createHash('sha256').update(origin).digest('hex');
  // An older checkpoint: of the first three entries, or of another history of three entries.
  const other = await buildLog([steps[1] as LogStep, steps[0] as LogStep, steps[2] as LogStep]);
  const old = await checkpointOf((options.forkedOldCheckpoint ? other : log).leaves.slice(0, 3), key);
  const files = new Map<string, string | Uint8Array>([
    ['/.well-known/passport-keys.json', JSON.stringify(keys)],
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
  const views = new Map<string, string>(
    options.witnessed === 'forked-view'
      ? [[`https://b.witness.example/${originHash}/checkpoint`, witnessView]]
      : [],
  );
  const fetcher = async (url: string) => {
    const body = url.startsWith(ORIGIN) ? files.get(url.slice(ORIGIN.length)) : views.get(url);
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(body as BodyInit);
  };
  return { fetcher };
}

async function exportOf(options: ShopOptions = {}) {
  const out = await mkdtemp(join(tmpdir(), 'passport-export-'));
  folders.push(out);
  const { fetcher } = await shop(options);
  const summary = await exportPassport({
    origin: ORIGIN,
    out,
    algorithm: '# the algorithm',
    vectors: await exportedVectors(),
    fetcher,
  });
  return { out, summary };
}

describe('the passport export', () => {
  it('holds the keys, every entry and checkpoint, each piece and the vectors; all verify with no server', async () => {
    const { out, summary } = await exportOf();
    expect(summary).toEqual({ pieces: 2, entries: 6, checkpoints: 2, vectors: expect.any(Number) });
    expect(summary.vectors).toBeGreaterThanOrEqual(150);
    expect((await readdir(join(out, 'log/checkpoints'))).sort()).toEqual(['3', '6']);
    const written = JSON.parse(await readFile(join(out, 'vectors.json'), 'utf8'));
    expect(written.vectors).toHaveLength(summary.vectors);
    expect(JSON.parse(await readFile(join(out, 'passport-vectors.schema.json'), 'utf8'))).toEqual(
      JSON.parse(vectorsJsonSchema()),
    );
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

  it('exports a log whose latest checkpoint the policy’s witnesses cosigned (2 of 2)', async () => {
    const { summary } = await exportOf({ witnessed: 'both' });
    expect(summary).toMatchObject({ entries: 6, checkpoints: 2 });
  });

  it('refuses a latest checkpoint not yet witnessed, and a witness shown another tree (a fork)', async () => {
    await expect(exportOf({ witnessed: 'one' })).rejects.toThrow(
      /is not yet witnessed \(a\.witness\.example; 2 of 2 needed\)/,
    );
    await expect(exportOf({ witnessed: 'forked-view' })).rejects.toThrow(
      /witness b\.witness\.example cosigned checkpoint 4 with another root than the published log's: a fork/,
    );
  });

  it('refuses a log whose older checkpoint tells another history (a fork or a rewrite)', async () => {
    await expect(exportOf({ forkedOldCheckpoint: true })).rejects.toThrow(
      /not a prefix of the published log/,
    );
  });
});
