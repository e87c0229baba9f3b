import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CHECKPOINT_KEY,
  countItems,
  type Item,
  type PublishedCheckpoint,
  publishedCheckpoint,
  readManifest,
  type SourceManifest,
  validateRestore,
  writeManifest,
} from '#backups/index.ts';
import { cardClaimKey } from '#catalog/entities/keys.ts';
import { writeItems } from '../../infra/local/drill/history.ts';
import { ensureTable } from '../../infra/local/resources.ts';
import { putItems } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { buyWithCard } from '../support/purchase.ts';
import { ownShare, quietScan } from '../support/restore-share.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The restore validation's reader and checks against DynamoDB Local (issue 49): the run's shop
 * table (the demo catalogue, a piece sold through checkout, its passport log sequenced and its
 * checkpoint published) copied into a fresh table as a restore would make it, with the table's
 * settings; the validation finds every check holding, and a planted loss failing by name. Then
 * the scan's time on about 12,000 items.
 */
const restored = `restore-check-${randomUUID().slice(0, 8)}`;
const large = `restore-check-large-${randomUUID().slice(0, 8)}`;
/** This file's own copy of the published checkpoint and its manifests. */
const bucket = `restore-check-${randomUUID().slice(0, 8)}`;
let raw: DynamoDBClient;
let db: DynamoDBDocumentClient;
let s3: S3Client;

/**
 * A fresh table as the stack defines it (TTL, stream). DynamoDB Local has no point-in-time
 * recovery (UpdateContinuousBackups and DescribeContinuousBackups are unknown operations): that
 * check fails here, saying so; the drill's stand-in in front of DynamoDB Local answers them.
 */
const restoredTable = (name: string) => ensureTable(raw, name);
const PITR_UNKNOWN = {
  check: 'point-in-time-recovery',
  ok: false,
  details: ['point-in-time recovery is UNKNOWN (DescribeContinuousBackups unsupported)'],
};

let source: SourceManifest;
let sourceItems: Item[];
let published: PublishedCheckpoint | undefined;

beforeAll(async () => {
  pointAtLocalStack();
  raw = new DynamoDBClient({ endpoint: inject('dynamoDbUrl') });
  db = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  s3 = new S3Client({
    endpoint: inject('s3Url'),
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // A piece sold through checkout, saved as the product form saves it (with its card claim).
  const type = typeEntity({ name: 'Restore check' });
  const piece = productEntity(type, { cardNumber: `77${Date.now()}`, priceUs: 900, name: 'Restore coat' });
  await store({ type, products: [piece] });
  await putItems([
    {
      ...cardClaimKey(piece.cardNumber ?? ''),
      kind: 'cardClaim',
      cardNumber: piece.cardNumber,
      pid: piece.id,
    },
  ]);
  await buyWithCard(piece, `restore-${piece.id}@example.com`);
  const sequenced = await runJob('sequence-log');
  expect(sequenced.ok, await sequenced.text()).toBe(true);
  // The checkpoint as published before the export's scan (the entries it holds are all in the
  // table), kept in a bucket of this file's own: other files sequence and publish meanwhile.
  const note = await s3.send(new GetObjectCommand({ Bucket: inject('mediaBucket'), Key: CHECKPOINT_KEY }));
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: CHECKPOINT_KEY, Body: await note.Body?.transformToString() }),
  );
  published = await publishedCheckpoint(bucket, s3);
  sourceItems = ownShare(await quietScan(inject('tableName'), db), piece.id);
  source = {
    table: inject('tableName'),
    exportTime: new Date().toISOString(),
    ...countItems(sourceItems),
    ...(published ? { checkpoint: published } : {}),
  };
  // Written beside the export, read back by the validation.
  await writeManifest(bucket, `exports/${restored}/`, source, s3);
  expect(await readManifest(bucket, `exports/${restored}`, s3)).toEqual(source);
  await restoredTable(restored);
  await writeItems(db, restored, sourceItems);
}, 300_000);

afterAll(async () => {
  for (const name of [restored, large])
    await raw?.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
});

describe('restore validation against DynamoDB Local', () => {
  it('reads the published checkpoint of the sequenced log', () => {
    expect(published?.size).toBeGreaterThan(0);
  });

  it('finds every check holding on the restored demo table', async () => {
    const report = await validateRestore({ table: restored, source, bucket, db, s3 });
    expect(report.findings.filter((f) => !f.ok)).toEqual([PITR_UNKNOWN]);
    expect(report.items).toBe(source.total);
    const sold = report.findings.find((f) => f.check === 'sold-piece-paid-order');
    expect(sold?.details[0]).toMatch(/^[1-9]\d* pieces sold through an order/);
    const prefix = report.findings.find((f) => f.check === 'passport-checkpoint-prefix');
    expect(prefix?.details[0]).toMatch(
      /^the checkpoint published at the backup \([1-9]\d*\) and the published checkpoint \([1-9]\d*\) are prefixes/,
    );
    for (const f of report.findings)
      console.info(`${f.ok ? 'PASS' : 'FAIL'} ${f.check}: ${f.details.join('; ')}`);
    console.info(
      `restored demo table: ${report.items} items, scan ${report.timing.scanMs} ms, checks ${report.timing.checkMs} ms`,
    );
  });

  it('fails an order lost in the restore by name', async () => {
    const paid = sourceItems.find((item) => item.kind === 'order' && item.status === 'paid') as Item;
    await db.send(
      new BatchWriteCommand({
        RequestItems: { [restored]: [{ DeleteRequest: { Key: { pk: paid.pk, sk: paid.sk } } }] },
      }),
    );
    const report = await validateRestore({ table: restored, source, bucket, db, s3 });
    expect(report.ok).toBe(false);
    const failed = report.findings.filter((f) => !f.ok);
    expect(failed.map((f) => f.check)).toEqual([
      'counts-per-entity',
      'index-counts',
      'sold-piece-paid-order',
      'point-in-time-recovery',
    ]);
    expect(failed[2]?.details).toEqual([
      `sold piece ${paid.productId} has no paid order (it names ${paid.checkoutCode})`,
    ]);
  });

  it('scans about 12,000 items in parallel segments, all checks holding', async () => {
    const audits: Item[] = Array.from({ length: 12_000 - sourceItems.length }, (_, i) => ({
      pk: `AUDIT#restore-${i}`,
      sk: '#AUDIT',
      gsi2pk: 'AUDIT',
      gsi2sk: `2026-11-30T00:00:00.000Z#restore-${i}`,
      kind: 'audit',
      admin: 'restore-check',
      action: 'update',
      entity: 'product',
      entityId: `p-${i}`,
    }));
    const items = [...sourceItems, ...audits];
    await restoredTable(large);
    await writeItems(db, large, items);
    const manifest = { ...source, ...countItems(items) };
    for (const segments of [1, 4]) {
      const report = await validateRestore({
        table: large,
        source: manifest,
        bucket,
        segments,
        db,
        s3,
      });
      expect(report.findings.filter((f) => !f.ok)).toEqual([PITR_UNKNOWN]);
      expect(report.items).toBe(items.length);
      console.info(
        `${report.items} items, ${segments} segment(s): scan ${report.timing.scanMs} ms, checks ${report.timing.checkMs} ms`,
      );
    }
  }, 300_000);
});
