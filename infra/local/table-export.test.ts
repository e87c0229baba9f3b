import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeBackupCommand,
  DescribeContinuousBackupsCommand,
  DescribeExportCommand,
  DescribeImportCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ExportTableToPointInTimeCommand,
  ImportTableCommand,
  type ImportTableCommandInput,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { type StandIn, startDynamoDb, startS3 } from './stand-ins.ts';
import { startTableExports } from './table-export.ts';

/**
 * The export/import stand-in (./table-export.ts) on a DynamoDB Local and an s3rver of its own,
 * through the real SDK clients pointed at it: the export's S3 layout, its snapshot at the call,
 * an import giving back every item exactly, a malformed file failing the import, other calls
 * passed through.
 */

type Item = Record<string, AttributeValue>;

const BUCKET = 'backups';
const region = 'us-east-1';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const started: StandIn[] = [];
let s3Dir: string;
let ddb: DynamoDBClient;
let s3: S3Client;

const keySchema = {
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
    { AttributeName: 'gsi1pk', AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  BillingMode: 'PAY_PER_REQUEST' as const,
  GlobalSecondaryIndexes: [
    {
      IndexName: 'gsi1',
      KeySchema: [{ AttributeName: 'gsi1pk', KeyType: 'HASH' as const }],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
};

async function createTable(name: string): Promise<string> {
  const made = await ddb.send(new CreateTableCommand({ TableName: name, ...keySchema }));
  return made.TableDescription?.TableArn as string;
}

async function scanAll(name: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({ TableName: name, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const key = (item: Item) => `${item.pk?.S}\u0000${item.sk?.S}`;
  return items.sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

async function writeAll(name: string, items: Item[]): Promise<void> {
  const batches: Item[][] = [];
  for (let at = 0; at < items.length; at += 25) batches.push(items.slice(at, at + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let left = batch.map((Item) => ({ PutRequest: { Item } }));
      while (left.length) {
        const answer = await ddb.send(new BatchWriteItemCommand({ RequestItems: { [name]: left } }));
        left = (answer.UnprocessedItems?.[name] ?? []) as typeof left;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function exportDone(arn: string) {
  let description = (await ddb.send(new DescribeExportCommand({ ExportArn: arn }))).ExportDescription;
  await expect
    .poll(
      async () => {
        description = (await ddb.send(new DescribeExportCommand({ ExportArn: arn }))).ExportDescription;
        return description?.ExportStatus;
      },
      { timeout: 120_000, interval: 50 },
    )
    .not.toBe('IN_PROGRESS');
  return description;
}

async function importDone(arn: string) {
  let description = (await ddb.send(new DescribeImportCommand({ ImportArn: arn }))).ImportTableDescription;
  await expect
    .poll(
      async () => {
        description = (await ddb.send(new DescribeImportCommand({ ImportArn: arn }))).ImportTableDescription;
        return description?.ImportStatus;
      },
      { timeout: 300_000, interval: 50 },
    )
    .not.toBe('IN_PROGRESS');
  return description;
}

const importInput = (prefix: string, tableName: string): ImportTableCommandInput => ({
  S3BucketSource: { S3Bucket: BUCKET, S3KeyPrefix: prefix },
  InputFormat: 'DYNAMODB_JSON',
  InputCompressionType: 'GZIP',
  TableCreationParameters: { TableName: tableName, ...keySchema },
});

async function text(key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return (await object.Body?.transformToString()) ?? '';
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key as string).sort();
}

/** Items of the shop's kinds, with every attribute type among them. */
function sampleItems(): Item[] {
  return [
    {
      pk: { S: 'PRODUCT#p1' },
      sk: { S: 'PRODUCT' },
      gsi1pk: { S: 'TYPE#coat' },
      kind: { S: 'product' },
      priceUs: { N: '1250.5' },
      status: { N: '0' },
      soldOnOtherPlatform: { BOOL: false },
      holdUntil: { NULL: true },
      colors: { SS: ['black', 'ivory'] },
      sizes: { NS: ['38', '40', '42.5'] },
      thumb: { B: new Uint8Array([0, 1, 2, 250, 255]) },
      marks: { BS: [new Uint8Array([1]), new Uint8Array([2, 3])] },
      pictures: { L: [{ S: 'a.jpg' }, { N: '2' }, { M: { alt: { S: 'front' } } }] },
      shipping: {
        M: { FR: { N: '0' }, US: { N: '45' }, notes: { L: [] }, nested: { M: { ok: { BOOL: true } } } },
      },
    },
    {
      pk: { S: 'ORDER#o1' },
      sk: { S: 'ORDER' },
      gsi1pk: { S: 'ORDERS' },
      kind: { S: 'order' },
      total: { N: '99999999999999999999.123456789' },
      address: { M: { line1: { S: 'Rue de l’Élysée 1 — ☃' }, city: { S: 'Paris' } } },
      paid: { BOOL: true },
    },
    {
      pk: { S: 'PASSPORT#1' },
      sk: { S: 'ENTRY#0000001' },
      kind: { S: 'passport-entry' },
      hash: { B: Buffer.from('a'.repeat(64), 'hex') },
      chain: { L: [{ B: new Uint8Array([9, 9]) }, { NULL: true }] },
    },
    { pk: { S: 'MEMBER#m1' }, sk: { S: 'CONSENT#2026' }, kind: { S: 'consent' }, empty: { S: '' } },
  ];
}

let standIn: StandIn;
let dynamoUrl: string;
let s3Url: string;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'table-export-'));
  const dynamoDb = await startDynamoDb(await freePort());
  started.push(dynamoDb);
  const s3rver = await startS3(0, s3Dir, [BUCKET]);
  started.push(s3rver);
  dynamoUrl = dynamoDb.url;
  s3Url = s3rver.url;
  standIn = await startTableExports({ dynamoDbUrl: dynamoDb.url, s3Url: s3rver.url });
  started.push(standIn);
  ddb = new DynamoDBClient({ endpoint: standIn.url, region, credentials });
  s3 = new S3Client({
    endpoint: s3rver.url,
    region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  ddb?.destroy();
  s3?.destroy();
  for (const s of started.reverse()) await s.stop().catch(() => undefined);
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

describe('export to S3 and import from S3, locally', () => {
  it('passes other calls through to DynamoDB Local unchanged', async () => {
    const arn = await createTable('passthrough');
    expect(arn).toMatch(/:table\/passthrough$/);
    await ddb.send(
      new PutItemCommand({ TableName: 'passthrough', Item: { pk: { S: 'a' }, sk: { S: 'b' } } }),
    );
    expect(await scanAll('passthrough')).toEqual([{ pk: { S: 'a' }, sk: { S: 'b' } }]);
    expect((await ddb.send(new ListTablesCommand({}))).TableNames).toContain('passthrough');
    // DynamoDB Local's own refusal, passed back as it answered.
    await expect(ddb.send(new DescribeTableCommand({ TableName: 'nope' }))).rejects.toThrow(
      expect.objectContaining({ name: 'ResourceNotFoundException' }),
    );
    // An operation DynamoDB Local does not know, and the stand-in does not answer, is its to refuse.
    await expect(ddb.send(new DescribeBackupCommand({ BackupArn: 'arn:none' }))).rejects.toThrow(
      expect.objectContaining({ name: 'UnknownOperationException' }),
    );
  });

  it('keeps the point-in-time recovery setting DynamoDB Local lacks, per table', async () => {
    await createTable('recovery');
    const status = async (TableName: string) =>
      (await ddb.send(new DescribeContinuousBackupsCommand({ TableName }))).ContinuousBackupsDescription
        ?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus;
    expect(await status('recovery')).toBe('DISABLED');
    const on = await ddb.send(
      new UpdateContinuousBackupsCommand({
        TableName: 'recovery',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    );
    expect(on.ContinuousBackupsDescription?.PointInTimeRecoveryDescription).toMatchObject({
      PointInTimeRecoveryStatus: 'ENABLED',
      RecoveryPeriodInDays: 35,
    });
    expect(await status('recovery')).toBe('ENABLED');
    // Another table is not touched; a table made again under the name starts without it.
    await createTable('recovery-other');
    expect(await status('recovery-other')).toBe('DISABLED');
    await ddb.send(new DeleteTableCommand({ TableName: 'recovery' }));
    await expect(status('recovery')).rejects.toThrow(
      expect.objectContaining({ name: 'TableNotFoundException' }),
    );
    await new Promise((done) => setImmediate(done));
    await createTable('recovery');
    expect(await status('recovery')).toBe('DISABLED');
    // Kept across starts in its state file, as DynamoDB Local keeps its tables in its data directory.
    const stateFile = join(s3Dir, 'table-settings.json');
    const first = await startTableExports({ dynamoDbUrl: dynamoUrl, s3Url, stateFile });
    const firstClient = new DynamoDBClient({ endpoint: first.url, region, credentials });
    await firstClient.send(
      new UpdateContinuousBackupsCommand({
        TableName: 'recovery-other',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 7 },
      }),
    );
    await first.stop();
    const again = await startTableExports({ dynamoDbUrl: dynamoUrl, s3Url, stateFile });
    const againClient = new DynamoDBClient({ endpoint: again.url, region, credentials });
    const kept = await againClient.send(
      new DescribeContinuousBackupsCommand({ TableName: 'recovery-other' }),
    );
    expect(kept.ContinuousBackupsDescription?.PointInTimeRecoveryDescription).toMatchObject({
      PointInTimeRecoveryStatus: 'ENABLED',
      RecoveryPeriodInDays: 7,
    });
    await again.stop();
    await expect(
      ddb.send(
        new UpdateContinuousBackupsCommand({
          TableName: 'recovery',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 36 },
        }),
      ),
    ).rejects.toThrow(expect.objectContaining({ name: 'ValidationException' }));
  });

  it('exports the table as it was at the call, in DynamoDB’s layout, and imports it back exactly', async () => {
    const tableArn = await createTable('shop');
    const items = sampleItems();
    await writeAll('shop', items);

    const asked = await ddb.send(
      new ExportTableToPointInTimeCommand({
        TableArn: tableArn,
        S3Bucket: BUCKET,
        S3Prefix: 'drill/one',
        ExportFormat: 'DYNAMODB_JSON',
      }),
    );
    // Written after the call: not in the export.
    await ddb.send(
      new PutItemCommand({
        TableName: 'shop',
        Item: { pk: { S: 'ORDER#late' }, sk: { S: 'ORDER' }, kind: { S: 'order' } },
      }),
    );
    const exportArn = asked.ExportDescription?.ExportArn as string;
    expect(asked.ExportDescription?.ExportStatus).toBe('IN_PROGRESS');
    expect(exportArn).toMatch(/:table\/shop\/export\/\d{14}-[0-9a-f]{8}$/);
    const done = await exportDone(exportArn);
    expect(done).toMatchObject({
      ExportStatus: 'COMPLETED',
      ItemCount: items.length,
      ExportFormat: 'DYNAMODB_JSON',
    });
    expect(done?.ExportTime).toBeInstanceOf(Date);

    const exportId = exportArn.split('/').pop() as string;
    const base = `drill/one/AWSDynamoDB/${exportId}`;
    const keys = await keysUnder(base);
    expect(keys.filter((k) => !k.includes('/data/'))).toEqual(
      [
        '_started',
        'manifest-files.checksum',
        'manifest-files.json',
        'manifest-summary.checksum',
        'manifest-summary.json',
      ].map((name) => `${base}/${name}`),
    );
    const summary = JSON.parse(await text(`${base}/manifest-summary.json`));
    expect(summary).toMatchObject({
      version: '2020-06-30',
      exportArn,
      tableArn,
      s3Bucket: BUCKET,
      s3Prefix: 'drill/one',
      itemCount: items.length,
      outputFormat: 'DYNAMODB_JSON',
      exportType: 'FULL_EXPORT',
      manifestFilesS3Key: `${base}/manifest-files.json`,
    });
    const files = (await text(`${base}/manifest-files.json`))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(files.reduce((n, f) => n + f.itemCount, 0)).toBe(items.length);
    const lines: string[] = [];
    for (const file of files) {
      expect(file.dataFileS3Key).toMatch(new RegExp(`^${base}/data/[a-z0-9_-]+\\.json\\.gz$`));
      const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: file.dataFileS3Key }));
      lines.push(
        ...gunzipSync(await (object.Body?.transformToByteArray() as Promise<Uint8Array>))
          .toString('utf8')
          .trim()
          .split('\n'),
      );
    }
    // One {"Item":{…}} a line, in DynamoDB JSON (B as base64).
    const exported = lines.map((line) => JSON.parse(line));
    expect(exported.every((line) => Object.keys(line).join() === 'Item')).toBe(true);
    expect(exported.map((line) => line.Item.pk.S).sort()).toEqual(items.map((i) => i.pk?.S).sort());
    expect(exported.find((line) => line.Item.pk.S === 'PRODUCT#p1').Item.thumb).toEqual({ B: 'AAEC+v8=' });

    const imported = await ddb.send(new ImportTableCommand(importInput(`${base}/data/`, 'shop-restored')));
    expect(imported.ImportTableDescription?.ImportStatus).toBe('IN_PROGRESS');
    const result = await importDone(imported.ImportTableDescription?.ImportArn as string);
    expect(result).toMatchObject({
      ImportStatus: 'COMPLETED',
      ImportedItemCount: items.length,
      ProcessedItemCount: items.length,
    });
    const source = (await scanAll('shop')).filter((item) => item.pk?.S !== 'ORDER#late');
    expect(await scanAll('shop-restored')).toEqual(source);
    // As in AWS: the imported table has its GSIs, and no TTL, no stream, no point-in-time recovery.
    const table = (await ddb.send(new DescribeTableCommand({ TableName: 'shop-restored' }))).Table;
    expect(table?.GlobalSecondaryIndexes?.map((g) => g.IndexName)).toEqual(['gsi1']);
    expect(table?.StreamSpecification?.StreamEnabled ?? false).toBe(false);
    const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: 'shop-restored' }));
    expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
    const backups = await ddb.send(new DescribeContinuousBackupsCommand({ TableName: 'shop-restored' }));
    expect(
      backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus,
    ).toBe('DISABLED');
  });

  it('fails an import whose source is malformed, with a message, and leaves no table', async () => {
    const good = JSON.stringify({ Item: { pk: { S: 'x' }, sk: { S: 'y' } } });
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'broken/data/part.json.gz',
        Body: gzipSync(`${good}\n{"Item":{"pk":{"S":"z"},"sk":{"X":"1"}}}\n`),
      }),
    );
    const imported = await ddb.send(new ImportTableCommand(importInput('broken/data/', 'broken-restored')));
    const result = await importDone(imported.ImportTableDescription?.ImportArn as string);
    expect(result?.ImportStatus).toBe('FAILED');
    expect(result?.FailureMessage).toMatch(/broken\/data\/part\.json\.gz line 2: attribute sk/);
    expect((await ddb.send(new ListTablesCommand({}))).TableNames).not.toContain('broken-restored');

    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'notgzip/data/a.json.gz', Body: good }));
    const notGzip = await ddb.send(new ImportTableCommand(importInput('notgzip/', 'notgzip-restored')));
    const failed = await importDone(notGzip.ImportTableDescription?.ImportArn as string);
    expect(failed?.ImportStatus).toBe('FAILED');
    expect(failed?.FailureMessage).toMatch(/not GZIP/);

    // Well-formed DynamoDB JSON that the table's key schema refuses (no sort key).
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'nokey/data/a.json.gz',
        Body: gzipSync(`${JSON.stringify({ Item: { pk: { S: 'only' } } })}\n`),
      }),
    );
    const noKey = await ddb.send(new ImportTableCommand(importInput('nokey/', 'nokey-restored')));
    const refused = await importDone(noKey.ImportTableDescription?.ImportArn as string);
    expect(refused?.ImportStatus).toBe('FAILED');
    expect(refused?.FailureMessage).toMatch(/key/i);
    expect((await ddb.send(new ListTablesCommand({}))).TableNames).not.toContain('nokey-restored');
  });

  it('fails an export whose bucket is not there, with the reason', async () => {
    const asked = await ddb.send(
      new ExportTableToPointInTimeCommand({
        TableArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/passthrough',
        S3Bucket: 'no-such-bucket',
      }),
    );
    const done = await exportDone(asked.ExportDescription?.ExportArn as string);
    expect(done?.ExportStatus).toBe('FAILED');
    expect(done?.FailureMessage).toMatch(/bucket/i);
  });

  it('refuses what it cannot do with DynamoDB’s errors', async () => {
    await expect(
      ddb.send(
        new ExportTableToPointInTimeCommand({
          TableArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/missing',
          S3Bucket: BUCKET,
        }),
      ),
    ).rejects.toThrow(expect.objectContaining({ name: 'TableNotFoundException' }));
    await expect(
      ddb.send(
        new ExportTableToPointInTimeCommand({
          TableArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/passthrough',
          S3Bucket: BUCKET,
          ExportTime: new Date(Date.now() - 3_600_000),
        }),
      ),
    ).rejects.toThrow(expect.objectContaining({ name: 'InvalidExportTimeException' }));
    await expect(
      ddb.send(new DescribeExportCommand({ ExportArn: 'arn:aws:dynamodb:x:0:table/t/export/1' })),
    ).rejects.toThrow(expect.objectContaining({ name: 'ExportNotFoundException' }));
    await expect(ddb.send(new ImportTableCommand(importInput('broken/', 'passthrough')))).rejects.toThrow(
      expect.objectContaining({ name: 'ResourceInUseException' }),
    );
  });

  it('answers the four calls only to a caller signed with the stack’s credentials, when given', async () => {
    const stack = { ...credentials, sessionToken: 'token-of-this-start' };
    const guarded = await startTableExports({
      dynamoDbUrl: started[0]?.url as string,
      s3Url: started[1]?.url as string,
      credentials: stack,
    });
    const signed = new DynamoDBClient({ endpoint: guarded.url, region, credentials: stack });
    const unsigned = new DynamoDBClient({ endpoint: guarded.url, region, credentials });
    try {
      const arn = 'arn:aws:dynamodb:x:0:table/t/export/1';
      await expect(signed.send(new DescribeExportCommand({ ExportArn: arn }))).rejects.toThrow(
        expect.objectContaining({ name: 'ExportNotFoundException' }),
      );
      await expect(unsigned.send(new DescribeExportCommand({ ExportArn: arn }))).rejects.toThrow(
        expect.objectContaining({ name: 'UnrecognizedClientException' }),
      );
    } finally {
      signed.destroy();
      unsigned.destroy();
      await guarded.stop();
    }
  });

  it('exports and imports ~12,000 items of realistic size (figures for the drill)', async () => {
    const tableArn = await createTable('big');
    const pad = 'x'.repeat(600);
    const items: Item[] = [];
    for (let n = 0; n < 10_000; n++)
      items.push({
        pk: { S: `ORDER#${String(n).padStart(6, '0')}` },
        sk: { S: 'ORDER' },
        gsi1pk: { S: 'ORDERS' },
        kind: { S: 'order' },
        total: { N: String(1000 + n) },
        address: { M: { line1: { S: `${n} rue du Faubourg` }, city: { S: 'Paris' }, note: { S: pad } } },
        lines: { L: [{ M: { productId: { S: `p${n}` }, price: { N: '1000' } } }] },
        paid: { BOOL: true },
      });
    for (let n = 0; n < 1_000; n++)
      items.push({
        pk: { S: 'PASSPORT#log' },
        sk: { S: `ENTRY#${String(n).padStart(7, '0')}` },
        kind: { S: 'passport-entry' },
        hash: { B: Buffer.alloc(32, n % 256) },
        body: { S: pad },
      });
    for (let n = 0; n < 1_000; n++)
      items.push({
        pk: { S: `PRODUCT#${n}` },
        sk: { S: 'PRODUCT' },
        kind: { S: 'product' },
        colors: { SS: ['black'] },
        pictures: { L: [{ S: `${n}.jpg` }] },
        description: { S: pad },
      });
    await writeAll('big', items);

    const exportStart = performance.now();
    const asked = await ddb.send(
      new ExportTableToPointInTimeCommand({ TableArn: tableArn, S3Bucket: BUCKET, S3Prefix: 'drill/big' }),
    );
    const answeredAfter = performance.now() - exportStart;
    const done = await exportDone(asked.ExportDescription?.ExportArn as string);
    const exportMs = performance.now() - exportStart;
    expect(done).toMatchObject({ ExportStatus: 'COMPLETED', ItemCount: items.length });

    const exportId = String(asked.ExportDescription?.ExportArn).split('/').pop();
    const importStart = performance.now();
    const imported = await ddb.send(
      new ImportTableCommand(importInput(`drill/big/AWSDynamoDB/${exportId}/data/`, 'big-restored')),
    );
    const result = await importDone(imported.ImportTableDescription?.ImportArn as string);
    const importMs = performance.now() - importStart;
    expect(result).toMatchObject({ ImportStatus: 'COMPLETED', ImportedItemCount: items.length });
    expect((await scanAll('big-restored')).length).toBe(items.length);
    console.log(
      `table-export figures: ${items.length} items, ${done?.BilledSizeBytes} bytes of DynamoDB JSON; ` +
        `export answered in ${answeredAfter.toFixed(0)} ms, completed in ${exportMs.toFixed(0)} ms; ` +
        `import completed in ${importMs.toFixed(0)} ms`,
    );
  }, 600_000);
});
