import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countItems, type Item, scanTable, validateRestore } from '#backups/index.ts';
import { pendingEntryItem, pendingListItem } from '#passport/entities/log-items.ts';
import { LOG_PREFIX, runSequencer } from '#passport/log-sequencer.ts';
import { LogRestoreRefused, restoreLogFromPublished } from '#passport/restore-log.ts';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { parseEntry, parseListEntry, parseMapEntry } from '#shared/passport/log-entry.ts';
import { leafHash, rootOf } from '#shared/passport/merkle.ts';
import { entriesPath, entryBundle, parseEntryBundle, TILE_WIDTH } from '#shared/passport/tiles.ts';
import { writeItems } from '../../infra/local/drill/history.ts';
import { ensureTable } from '../../infra/local/resources.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { buyWithCard } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The passport log of a restored table brought up to the published checkpoint (issue 49,
 * functions/passport/restore-log.ts), against DynamoDB Local and the local S3: the run's shop table
 * and its published log copied (the log's files into a bucket of this test, so that other suites'
 * sequencing does not move them), pieces sold and sequenced one by one; then a table restored from
 * before the last rounds (their items and checkpoints removed, their entries pending again, the
 * head put back) is brought back to exactly the items it had.
 */
const suffix = randomUUID().slice(0, 8);
const behind = `restore-log-${suffix}`;
const forked = `restore-log-forked-${suffix}`;
const bucket = `restore-log-${suffix}`;
let raw: DynamoDBClient;
let db: DynamoDBDocumentClient;
let s3: S3Client;

const LOG_PK = 'PASSPORTLOG';
const key = (item: Item) => `${item.pk}\u0000${item.sk}`;
const sorted = (items: readonly Item[]) => [...items].sort((a, b) => (key(a) < key(b) ? -1 : 1));
const seqOfSk = (sk: unknown) => Number(String(sk).slice('ENTRY#'.length));

async function readText(from: string, objectKey: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: from, Key: objectKey }));
  return (await object.Body?.transformToString()) ?? '';
}

/** The shop's table and published log at one moment: the checkpoint's size is the table's head. */
interface Snapshot {
  items: Item[];
  note: string;
  size: number;
}

/**
 * The passport log's items: its entries, head, checkpoints, lists, pending entries and the pieces'
 * copies, all the restore of the log reads or writes. The rest of the run's table (thousands of
 * items by the time a whole run gets here) is not copied into this file's tables.
 */
const ofTheLog = (item: Item) => {
  const pk = String(item.pk);
  return (
    pk === LOG_PK ||
    pk.startsWith(`${LOG_PK}#`) ||
    (pk.startsWith('PASSPORT#') && String(item.sk).startsWith('ENTRY#'))
  );
};

async function snapshot(): Promise<Snapshot> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const note = await readText(inject('mediaBucket'), `${LOG_PREFIX}checkpoint`);
    const size = parseCheckpoint(note)?.size ?? -1;
    const items = (await scanTable(inject('tableName'), { db })).filter(ofTheLog);
    const head = items.find((item) => item.pk === LOG_PK && item.sk === '#HEAD');
    const item = items.find(
      (i) => i.pk === LOG_PK && i.sk === `CHECKPOINT#${String(size).padStart(12, '0')}`,
    );
    // Another suite sequenced meanwhile: publish again and look again.
    if (head?.size === size && item?.text === note) return { items, note, size };
    expect((await runJob('sequence-log')).ok).toBe(true);
  }
  throw new Error('the published checkpoint never matched the table head');
}

/** The published log's files copied into this test's bucket, `checkpoint` the snapshot's. */
async function copyPublishedLog(note: string): Promise<void> {
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: inject('mediaBucket'),
        Prefix: LOG_PREFIX,
        ContinuationToken: token,
      }),
    );
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      const object = await s3.send(new GetObjectCommand({ Bucket: inject('mediaBucket'), Key }));
      const Body = await object.Body?.transformToByteArray();
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
    }
    token = page.NextContinuationToken;
  } while (token);
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${LOG_PREFIX}checkpoint`, Body: note }));
}

/**
 * The table as a restore from before the last rounds would give it (as many rounds back as it takes
 * to have a checkpoint published within them): their entries, their copies and the checkpoints
 * after them gone, the head back at their start, and their entries pending again (as they were
 * when the backup was taken).
 */
async function beforeRounds(items: readonly Item[], size: number) {
  const texts = new Map<number, string>();
  for (const item of items)
    if (item.pk === LOG_PK && String(item.sk).startsWith('ENTRY#'))
      texts.set(seqOfSk(item.sk), String(item.text));
  expect(parseMapEntry(texts.get(size - 1) ?? '')).toBeDefined();
  const checkpoints = items
    .filter((item) => item.pk === LOG_PK && String(item.sk).startsWith('CHECKPOINT#'))
    .map((item) => Number(item.size));
  // Round by round back from the last, until a checkpoint was published within them.
  let start = size;
  do {
    start--; // the round's map entry
    while (start > 0 && !parseMapEntry(texts.get(start - 1) ?? '')) start--;
  } while (start > 0 && !checkpoints.some((at) => at > start && at < size));
  const round = Array.from({ length: size - start }, (_, i) => texts.get(start + i) as string);
  const leaves = await Promise.all(
    Array.from({ length: start }, (_, seq) => leafHash(utf8(texts.get(seq) as string))),
  );
  const kept = items.filter((item) => {
    const pk = String(item.pk);
    const sk = String(item.sk);
    if (pk === LOG_PK && sk.startsWith('ENTRY#')) return seqOfSk(sk) < start;
    if (pk.startsWith('PASSPORT#') && sk.startsWith('ENTRY#')) return seqOfSk(sk) < start;
    if (pk === `${LOG_PK}#LIST`) return Number(item.seq) < start;
    if (pk === LOG_PK && sk.startsWith('CHECKPOINT#')) return Number(item.size) <= start;
    return !(pk === LOG_PK && sk === '#HEAD');
  });
  const pending = round.flatMap((text) => {
    const entry = parseEntry(text);
    if (entry) {
      const { kind, piece, owner, cert, draw, result, time } = entry;
      return [pendingEntryItem({ kind, piece, owner, time, cert, draw, result }).Put?.Item as Item];
    }
    const list = parseListEntry(text);
    return list
      ? [pendingListItem({ draw: list.draw, list: list.list, time: list.time }).Put?.Item as Item]
      : [];
  });
  const head: Item = { pk: LOG_PK, sk: '#HEAD', size: start, root: toBase64(await rootOf(leaves)) };
  // Before the first round there was no head.
  return {
    start,
    items: [...kept, ...(start > 0 ? [head] : []), ...pending],
    pending: pending.length,
    checkpointsBetween: checkpoints.filter((at) => at > start && at < size).length,
  };
}

let shop: Snapshot;
let planted: Awaited<ReturnType<typeof beforeRounds>>;

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: inject('s3Url'),
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_BUCKET: inject('mediaBucket'),
  });
  raw = new DynamoDBClient({ endpoint: inject('dynamoDbUrl') });
  db = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  s3 = new S3Client({
    endpoint: inject('s3Url'),
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // Three sales, each sequenced and published: the table is restored from before the last two
  // rounds (a checkpoint was published between them), and the first stays in it.
  const type = typeEntity({ name: 'Restore log' });
  for (const [i, name] of ['Restore log coat', 'Restore log cape', 'Restore log stole'].entries()) {
    const piece = productEntity(type, { cardNumber: `78${i}${Date.now()}`, priceUs: 900, name });
    await store({ type, products: [piece] });
    await buyWithCard(piece, `restore-log-${piece.id}@example.com`);
    expect((await runJob('sequence-log')).ok).toBe(true);
  }
  shop = await snapshot();
  await copyPublishedLog(shop.note);
  planted = await beforeRounds(shop.items, shop.size);
  await ensureTable(raw, behind);
  await writeItems(db, behind, planted.items);
}, 300_000);

afterAll(async () => {
  for (const name of [behind, forked])
    await raw?.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
});

const prefixCheck = async (table: string, items: readonly Item[]) => {
  const report = await validateRestore({
    table,
    source: { table: inject('tableName'), exportTime: new Date().toISOString(), ...countItems(items) },
    bucket,
    db,
    s3,
  });
  return report.findings;
};

/** Runs `work` as the shop would with this table and this file's bucket (the sequencer reads both from its settings). */
async function asShopOf<T>(table: string, work: () => Promise<T>): Promise<T> {
  const saved = { table: process.env.TABLE_NAME, bucket: process.env.MEDIA_BUCKET };
  Object.assign(process.env, { TABLE_NAME: table, MEDIA_BUCKET: bucket });
  try {
    return await work();
  } finally {
    Object.assign(process.env, { TABLE_NAME: saved.table, MEDIA_BUCKET: saved.bucket });
  }
}

describe('the passport log of a restored table, brought up to the published checkpoint', {
  timeout: 120_000,
}, () => {
  it('is behind the published checkpoint once restored from before the last rounds', async () => {
    expect(planted.start).toBeGreaterThan(0);
    expect(planted.start).toBeLessThan(shop.size);
    expect(planted.pending).toBeGreaterThan(0);
    expect(planted.checkpointsBetween).toBeGreaterThan(0);
    const findings = await prefixCheck(behind, planted.items);
    expect(findings.find((f) => f.check === 'passport-checkpoint-prefix')).toEqual({
      check: 'passport-checkpoint-prefix',
      ok: false,
      details: [
        `the published checkpoint has ${shop.size} entries, the restored log ${planted.start} (entries published after the backup: recover them from passport/log/tile/entries)`,
      ],
    });
    // The sequencer appends nothing to it: that would give published positions other entries.
    await expect(asShopOf(behind, () => runSequencer())).rejects.toThrow(
      `the passport log in the table holds ${planted.start} entries, its published checkpoint ${shop.size}`,
    );
    expect(sorted(await scanTable(behind, { db }))).toEqual(sorted(planted.items));
  });

  it('writes the published tail as the sequencer wrote it, and removes the pending entries it holds', async () => {
    expect(await restoreLogFromPublished({ table: behind, bucket })).toEqual({
      published: shop.size,
      restoredHead: planted.start,
      restored: shop.size - planted.start,
      pendingRemoved: planted.pending,
    });
    expect(sorted(await scanTable(behind, { db }))).toEqual(sorted(shop.items));
    const findings = await prefixCheck(behind, shop.items);
    for (const check of [
      'passport-checkpoint-prefix',
      'passport-head',
      'passport-hash-chain',
      'passport-piece-copies',
      'counts-per-entity',
    ])
      expect(findings.find((f) => f.check === check)?.ok, check).toBe(true);
  });

  it('does nothing a second time', async () => {
    expect(await restoreLogFromPublished({ table: behind, bucket })).toEqual({
      published: shop.size,
      restoredHead: shop.size,
      restored: 0,
      pendingRemoved: 0,
    });
    expect(sorted(await scanTable(behind, { db }))).toEqual(sorted(shop.items));
    // Up to its checkpoint, the log is the sequencer's again: a run appends nothing and signs nothing new.
    expect(await asShopOf(behind, () => runSequencer())).toMatchObject({
      rounds: 0,
      size: shop.size,
      signed: false,
    });
  });

  it('refuses a table whose entry is not the published one, and writes nothing', async () => {
    const changed = planted.items.map((item) => {
      if (item.pk !== LOG_PK || item.sk !== 'ENTRY#000000000000') return item;
      return {
        ...item,
        text: String(item.text).replace(/"time":"[^"]+"/, '"time":"2020-01-01T00:00:00.000Z"'),
      };
    });
    expect(changed).not.toEqual(planted.items);
    await ensureTable(raw, forked);
    await writeItems(db, forked, changed);
    await expect(restoreLogFromPublished({ table: forked, bucket })).rejects.toThrow(LogRestoreRefused);
    await expect(restoreLogFromPublished({ table: forked, bucket })).rejects.toThrow(
      "the table's entry 0 is not the published entry 0: the restored log is another history",
    );
    expect(sorted(await scanTable(forked, { db }))).toEqual(sorted(changed));
  });

  it('refuses a checkpoint the shop did not sign, and writes nothing', async () => {
    // The checkpoint of another tree: the same size, another root, the shop's signature lines.
    const other = shop.note.replace(/\n([A-Za-z0-9+/=]{44})\n/, `\n${toBase64(new Uint8Array(32))}\n`);
    expect(other).not.toBe(shop.note);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${LOG_PREFIX}checkpoint`, Body: other }));
    try {
      await ensureTable(raw, forked);
      await writeItems(db, forked, planted.items);
      await expect(restoreLogFromPublished({ table: forked, bucket })).rejects.toThrow(
        "the published checkpoint does not verify with the shop's keys: signature-invalid",
      );
      expect(sorted(await scanTable(forked, { db }))).toEqual(sorted(planted.items));
    } finally {
      await s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: `${LOG_PREFIX}checkpoint`, Body: shop.note }),
      );
    }
  });

  it('refuses published entries that do not make the checkpoint, and writes nothing', async () => {
    // The last published entry (in the tail the table lacks) changed in its bundle.
    const index = Math.floor((shop.size - 1) / TILE_WIDTH);
    const bundleKey = `${LOG_PREFIX}${entriesPath(index, shop.size - index * TILE_WIDTH)}`;
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: bundleKey }));
    const bundle = (await object.Body?.transformToByteArray()) as Uint8Array;
    const entries = parseEntryBundle(bundle) as Uint8Array[];
    const last = new TextDecoder().decode(entries.at(-1));
    const changed = last.replace(/"time":"[^"]+"/, '"time":"2020-01-01T00:00:00.000Z"');
    expect(changed).not.toBe(last);
    const tampered = entryBundle([...entries.slice(0, -1), utf8(changed)]);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: bundleKey, Body: tampered }));
    try {
      await ensureTable(raw, forked);
      await writeItems(db, forked, planted.items);
      await expect(restoreLogFromPublished({ table: forked, bucket })).rejects.toThrow(
        `the published entries do not make the published checkpoint's root (${shop.size})`,
      );
      expect(sorted(await scanTable(forked, { db }))).toEqual(sorted(planted.items));
    } finally {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: bundleKey, Body: bundle }));
    }
  });
});
