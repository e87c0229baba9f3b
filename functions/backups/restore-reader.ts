import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#platform/aws-clients.ts';
import { s3 } from '#platform/media-clients.ts';
import { toBase64 } from '#shared/passport/bytes.ts';
import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { TABLE } from '#table/table.ts';
import {
  checkRestore,
  countItems,
  type Finding,
  type Item,
  type PublishedCheckpoint,
  type SourceManifest,
  type TableSettings,
} from './rules/restore-checks.ts';

/**
 * The restore validation's reads (issue 49): the restored table scanned in parallel segments, its
 * settings described, the last published checkpoint read from the media bucket; then the pure
 * checks of ./rules/restore-checks.ts. One function for AWS Backup's restore testing and the
 * local drill: both give the restored table's name, the source's manifest and the bucket.
 */

/** Where the sequencer publishes the log's checkpoint (passport/log-sequencer.ts LOG_PREFIX). */
export const CHECKPOINT_KEY = 'passport/log/checkpoint';
/** Parallel scan segments: DynamoDB serves each from its own partitions. */
export const SCAN_SEGMENTS = 4;

/** Every item of a table: `segments` parallel scans, each paged to its end. */
export async function scanTable(
  table: string,
  options: { segments?: number; db?: DynamoDBDocumentClient } = {},
): Promise<Item[]> {
  const db = options.db ?? ddb();
  const segments = options.segments ?? SCAN_SEGMENTS;
  const parts = await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      const items: Item[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new ScanCommand({
            TableName: table,
            Segment: segment,
            TotalSegments: segments,
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...((page.Items ?? []) as Item[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    }),
  );
  return parts.flat();
}

/**
 * The source's manifest, as the export writes it beside its files: its counts at `exportTime`,
 * and the checkpoint published then (read before the scan, so every entry it holds is scanned).
 */
export async function takeManifest(
  table: string,
  exportTime: string,
  options: { segments?: number; db?: DynamoDBDocumentClient; bucket?: string; s3?: S3Client } = {},
): Promise<SourceManifest> {
  const checkpoint = options.bucket ? await publishedCheckpoint(options.bucket, options.s3) : undefined;
  const counts = countItems(await scanTable(table, options));
  return { table, exportTime, ...counts, ...(checkpoint ? { checkpoint } : {}) };
}

/** Where the manifest is written: beside the export's files (manifest-summary.json). */
export const manifestKey = (exportPrefix: string) =>
  `${exportPrefix.replace(/\/+$/, '')}/restore-manifest.json`;

export async function writeManifest(
  bucket: string,
  exportPrefix: string,
  manifest: SourceManifest,
  client: S3Client = s3(),
): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: manifestKey(exportPrefix),
      Body: JSON.stringify(manifest, null, 2),
      ContentType: 'application/json',
    }),
  );
}

export async function readManifest(
  bucket: string,
  exportPrefix: string,
  client: S3Client = s3(),
): Promise<SourceManifest> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: manifestKey(exportPrefix) }));
  return JSON.parse((await object.Body?.transformToString()) ?? '') as SourceManifest;
}

/** What DescribeContinuousBackups answers at an endpoint that does not know it (DynamoDB Local). */
const UNKNOWN_TO_ENDPOINT = {
  ContinuousBackupsDescription: {
    PointInTimeRecoveryDescription: {
      PointInTimeRecoveryStatus: 'UNKNOWN (DescribeContinuousBackups unsupported)',
    },
  },
} as const;

/** TTL, stream and point-in-time recovery of a table, as AWS describes them. */
export async function tableSettings(
  table: string,
  db: DynamoDBDocumentClient = ddb(),
): Promise<TableSettings> {
  const [described, ttl, backups] = await Promise.all([
    db.send(new DescribeTableCommand({ TableName: table })),
    db.send(new DescribeTimeToLiveCommand({ TableName: table })),
    // DynamoDB Local knows no continuous backups: said so, and the check fails on it.
    db.send(new DescribeContinuousBackupsCommand({ TableName: table })).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'UnknownOperationException') return UNKNOWN_TO_ENDPOINT;
      throw error;
    }),
  ]);
  const stream = described.Table?.StreamSpecification;
  return {
    ttl: {
      status: ttl.TimeToLiveDescription?.TimeToLiveStatus,
      attribute: ttl.TimeToLiveDescription?.AttributeName,
    },
    stream: { enabled: stream?.StreamEnabled, viewType: stream?.StreamViewType },
    pointInTimeRecovery:
      backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus,
  };
}

/** The last published checkpoint's size and root, or undefined when none was published. */
export async function publishedCheckpoint(
  bucket: string,
  client: S3Client = s3(),
): Promise<PublishedCheckpoint | undefined> {
  let text: string;
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: CHECKPOINT_KEY }));
    text = (await object.Body?.transformToString()) ?? '';
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
  const checkpoint = parseCheckpoint(text);
  if (!checkpoint) throw new Error(`${CHECKPOINT_KEY} is not a checkpoint note`);
  return { size: checkpoint.size, root: toBase64(checkpoint.root) };
}

export interface RestoreReport {
  ok: boolean;
  table: string;
  findings: Finding[];
  /** Items scanned and the milliseconds of the scan and of the checks. */
  items: number;
  timing: { scanMs: number; checkMs: number };
}

/** Reads the restored table and the published checkpoint, and runs every check. */
export async function validateRestore(input: {
  table: string;
  source: SourceManifest;
  /** The media bucket the log's checkpoint is published in. */
  bucket: string;
  segments?: number;
  db?: DynamoDBDocumentClient;
  s3?: S3Client;
}): Promise<RestoreReport> {
  const db = input.db ?? ddb();
  const started = performance.now();
  const [items, settings, published] = await Promise.all([
    scanTable(input.table, { db, ...(input.segments ? { segments: input.segments } : {}) }),
    tableSettings(input.table, db),
    publishedCheckpoint(input.bucket, input.s3),
  ]);
  const scanned = performance.now();
  const findings = await checkRestore({
    source: input.source,
    items,
    settings,
    ttlAttribute: TABLE.ttlAttribute,
    ...(published ? { published } : {}),
  });
  return {
    ok: findings.every((f) => f.ok),
    table: input.table,
    findings,
    items: items.length,
    timing: { scanMs: Math.round(scanned - started), checkMs: Math.round(performance.now() - scanned) },
  };
}
