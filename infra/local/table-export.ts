import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { snapshotFile } from './snapshot-file.ts';
import { type StartCredentials, signatureRefusal, webPageRefusal } from './stand-in-callers.ts';
import type { StandIn } from './stand-ins.ts';

/**
 * A stand-in for DynamoDB's export to S3 and import from S3, which DynamoDB Local lacks: an HTTP
 * proxy in front of DynamoDB Local speaking DynamoDB's JSON protocol (`POST /`,
 * `X-Amz-Target: DynamoDB_20120810.<operation>`), reached by the real `@aws-sdk/client-dynamodb`
 * through AWS_ENDPOINT_URL_DYNAMODB. It answers ExportTableToPointInTime, DescribeExport,
 * ImportTable, DescribeImport, and the point-in-time recovery setting (DescribeContinuousBackups,
 * UpdateContinuousBackups) itself; every other call goes to DynamoDB Local unchanged (the bytes
 * of request and answer, streamed).
 *
 * - ExportTableToPointInTime (DYNAMODB_JSON, FULL_EXPORT) scans the table with consistent reads
 *   BEFORE it answers: the export holds the table as it was at the call (an item written after the
 *   answer is never in it; one written while the scan runs may or may not be, as in any scan).
 *   ExportTime may be left out or name the moment of the call (within EXPORT_TIME_SLACK_MS): this
 *   stand-in keeps no history, so an earlier time is refused (ValidationException). The files are
 *   written to S3 in the background, in DynamoDB's own layout
 *   (`<prefix>/AWSDynamoDB/<exportId>/` `_started`, `manifest-summary.json` + `.checksum`,
 *   `manifest-files.json` + `.checksum`, `data/<name>.json.gz` with one `{"Item":{…}}` a line);
 *   DescribeExport then reports COMPLETED (or FAILED with the reason).
 * - ImportTable (DYNAMODB_JSON, GZIP or NONE) creates the table before it answers (so a table of
 *   that name already there is refused at once: ResourceInUseException), then reads every object
 *   under S3KeyPrefix in the background and writes its items (BatchWriteItem, 25 at a time,
 *   unprocessed items sent again). A malformed line fails the import (FAILED, FailureMessage
 *   naming the object and line) and the table made for it is deleted. As in AWS the new table has
 *   no TTL, no stream and no point-in-time recovery.
 *
 * Exports and imports are kept in memory only (they end with the stand-in). No web page reaches
 * the four calls; given the stack's `credentials`, only a request signed with them is answered.
 */

export interface TableExportOptions {
  /** DynamoDB Local's URL: every call the stand-in does not answer goes there. */
  dynamoDbUrl: string;
  /** The local S3 (s3rver) the exports are written to and imports read from. */
  s3Url: string;
  /** The key pair the stand-in uses for its own calls to DynamoDB Local and S3 (s3rver's). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Given: the four calls must be signed with these (./stand-in-callers.ts). */
  credentials?: StartCredentials;
  port?: number;
  /** Where the point-in-time recovery settings are kept across starts (beside DynamoDB Local's data). */
  stateFile?: string;
}

const ACCOUNT = '000000000000';
const PREFIX = 'DynamoDB_20120810.';
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
/** How far ExportTime may be from the moment of the call (clock and request time). */
export const EXPORT_TIME_SLACK_MS = 60_000;
/** Items a data file holds at most (AWS splits by partition; here by count). */
const ITEMS_PER_FILE = 5000;
const BATCH = 25;
const MAX_BODY = 1 << 20;

class DynamoError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

type Input = Record<string, unknown>;
type Item = Record<string, AttributeValue>;

interface ExportRecord {
  description: Record<string, unknown>;
}
interface ImportRecord {
  description: Record<string, unknown>;
}

export async function startTableExports(options: TableExportOptions): Promise<StandIn> {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const ownCredentials = {
    accessKeyId: options.accessKeyId ?? 'S3RVER',
    secretAccessKey: options.secretAccessKey ?? 'S3RVER',
  };
  const dynamo = new DynamoDBClient({ endpoint: options.dynamoDbUrl, region, credentials: ownCredentials });
  const s3 = new S3Client({
    endpoint: options.s3Url,
    region,
    credentials: ownCredentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const upstream = new URL(options.dynamoDbUrl);
  const exports = new Map<string, ExportRecord>();
  const imports = new Map<string, ImportRecord>();
  const running = new Set<Promise<unknown>>();
  const background = (work: Promise<unknown>) => {
    running.add(work);
    work.finally(() => running.delete(work)).catch(() => undefined);
  };

  const operations: Record<string, (input: Input) => Promise<unknown>> = {
    async ExportTableToPointInTime(input) {
      const tableArn = text(input, 'TableArn');
      const tableName = tableNameOf(tableArn);
      const bucket = text(input, 'S3Bucket');
      const prefix = input.S3Prefix === undefined ? '' : text(input, 'S3Prefix');
      const format = input.ExportFormat ?? 'DYNAMODB_JSON';
      if (format !== 'DYNAMODB_JSON')
        throw new DynamoError(
          'ValidationException',
          `this stand-in exports DYNAMODB_JSON only, not ${String(format)}`,
        );
      if ((input.ExportType ?? 'FULL_EXPORT') !== 'FULL_EXPORT')
        throw new DynamoError('ValidationException', 'this stand-in makes FULL_EXPORT exports only');
      const startTime = Date.now();
      const exportTime = exportTimeOf(input.ExportTime, startTime);
      // The snapshot: the whole table, read now, before the answer.
      const items = await scanAll(tableName);
      const exportId = `${String(startTime).padStart(14, '0')}-${randomBytes(4).toString('hex')}`;
      const exportArn = `${tableArn}/export/${exportId}`;
      const base = `${prefix ? `${prefix.replace(/\/+$/, '')}/` : ''}AWSDynamoDB/${exportId}`;
      const description: Record<string, unknown> = {
        ExportArn: exportArn,
        ExportStatus: 'IN_PROGRESS',
        StartTime: startTime / 1000,
        ExportTime: exportTime / 1000,
        TableArn: tableArn,
        TableId: tableIdOf(tableArn),
        S3Bucket: bucket,
        ...(prefix ? { S3Prefix: prefix } : {}),
        S3SseAlgorithm: 'AES256',
        ExportFormat: 'DYNAMODB_JSON',
        ExportType: 'FULL_EXPORT',
        ClientToken: typeof input.ClientToken === 'string' ? input.ClientToken : randomUUID(),
      };
      exports.set(exportArn, { description });
      background(
        writeExport({ bucket, prefix, base, items, exportArn, exportTime, startTime, tableArn }).then(
          (written) =>
            Object.assign(description, {
              ExportStatus: 'COMPLETED',
              EndTime: Date.now() / 1000,
              ExportManifest: written.manifestKey,
              ItemCount: items.length,
              BilledSizeBytes: written.bytes,
            }),
          (error: unknown) =>
            Object.assign(description, {
              ExportStatus: 'FAILED',
              EndTime: Date.now() / 1000,
              FailureCode: 'S3WriteFailed',
              FailureMessage: (error as Error).message,
            }),
        ),
      );
      return { ExportDescription: { ...description } };
    },

    async DescribeExport(input) {
      const arn = text(input, 'ExportArn');
      const found = exports.get(arn);
      if (!found) throw new DynamoError('ExportNotFoundException', `Export not found: ${arn}`);
      return { ExportDescription: { ...found.description } };
    },

    async ImportTable(input) {
      const source = input.S3BucketSource as Input | undefined;
      if (!source || typeof source !== 'object')
        throw new DynamoError('ValidationException', 'S3BucketSource is required');
      const bucket = text(source, 'S3Bucket');
      const keyPrefix = source.S3KeyPrefix === undefined ? '' : text(source, 'S3KeyPrefix');
      if ((input.InputFormat ?? '') !== 'DYNAMODB_JSON')
        throw new DynamoError('ValidationException', 'this stand-in imports InputFormat DYNAMODB_JSON only');
      const compression = input.InputCompressionType ?? 'NONE';
      if (compression !== 'GZIP' && compression !== 'NONE')
        throw new DynamoError(
          'ValidationException',
          `InputCompressionType ${String(compression)} is not read here`,
        );
      const parameters = input.TableCreationParameters as Input | undefined;
      if (!parameters || typeof parameters !== 'object')
        throw new DynamoError('ValidationException', 'TableCreationParameters is required');
      const tableName = text(parameters, 'TableName');
      const created = await dynamo.send(new CreateTableCommand(creationOf(parameters)));
      const tableArn =
        created.TableDescription?.TableArn ?? `arn:aws:dynamodb:${region}:${ACCOUNT}:table/${tableName}`;
      const importId = `${String(Date.now()).padStart(14, '0')}-${randomBytes(4).toString('hex')}`;
      const importArn = `${tableArn}/import/${importId}`;
      const description: Record<string, unknown> = {
        ImportArn: importArn,
        ImportStatus: 'IN_PROGRESS',
        TableArn: tableArn,
        TableId: tableIdOf(tableArn),
        S3BucketSource: { S3Bucket: bucket, ...(keyPrefix ? { S3KeyPrefix: keyPrefix } : {}) },
        InputFormat: 'DYNAMODB_JSON',
        InputCompressionType: compression,
        TableCreationParameters: parameters,
        StartTime: Date.now() / 1000,
        ProcessedSizeBytes: 0,
        ProcessedItemCount: 0,
        ImportedItemCount: 0,
        ErrorCount: 0,
        ClientToken: typeof input.ClientToken === 'string' ? input.ClientToken : randomUUID(),
      };
      imports.set(importArn, { description });
      background(
        readImport(tableName, bucket, keyPrefix, compression === 'GZIP', description).then(
          () => Object.assign(description, { ImportStatus: 'COMPLETED', EndTime: Date.now() / 1000 }),
          async (error: unknown) => {
            Object.assign(description, {
              ImportStatus: 'FAILED',
              EndTime: Date.now() / 1000,
              FailureCode: error instanceof DynamoError ? error.type : 'ImportFailed',
              FailureMessage: (error as Error).message,
            });
            await dynamo.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
          },
        ),
      );
      return { ImportTableDescription: { ...description } };
    },

    async DescribeContinuousBackups(input) {
      const tableName = text(input, 'TableName');
      await existingTable(tableName);
      return continuousBackups(tableName);
    },

    async UpdateContinuousBackups(input) {
      const tableName = text(input, 'TableName');
      const spec = input.PointInTimeRecoverySpecification as Input | undefined;
      if (!spec || typeof spec.PointInTimeRecoveryEnabled !== 'boolean')
        throw new DynamoError(
          'ValidationException',
          'PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled is required',
        );
      const days = spec.RecoveryPeriodInDays ?? 35;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 35)
        throw new DynamoError('ValidationException', 'RecoveryPeriodInDays must be between 1 and 35');
      await existingTable(tableName);
      if (spec.PointInTimeRecoveryEnabled) recovery.set(tableName, { since: Date.now(), days });
      else recovery.delete(tableName);
      saved?.saveSoon();
      return continuousBackups(tableName);
    },

    async DescribeImport(input) {
      const arn = text(input, 'ImportArn');
      const found = imports.get(arn);
      if (!found) throw new DynamoError('ImportNotFoundException', `Import not found: ${arn}`);
      return { ImportTableDescription: { ...found.description } };
    },
  };

  /**
   * Point-in-time recovery as DynamoDB describes it, which DynamoDB Local does not know: kept
   * here per table name (a table made by ImportTable, or deleted and made again, starts without).
   * It records the setting only: this stand-in keeps no history to restore from.
   */
  const recovery = new Map<string, { since: number; days: number }>();
  const saved = options.stateFile
    ? snapshotFile(options.stateFile, () => Object.fromEntries(recovery))
    : undefined;
  for (const [table, setting] of Object.entries(saved?.load() ?? {})) recovery.set(table, setting);
  async function existingTable(tableName: string): Promise<void> {
    const described = await dynamo
      .send(new DescribeTableCommand({ TableName: tableName }))
      .catch((error: Error) => {
        if (error.name === 'ResourceNotFoundException')
          throw new DynamoError('TableNotFoundException', `Table not found: ${tableName}`);
        throw error;
      });
    const created = described.Table?.CreationDateTime?.getTime() ?? 0;
    const kept = recovery.get(tableName);
    // A table of this name made after the setting (deleted and made again) has none.
    if (kept && created > kept.since) {
      recovery.delete(tableName);
      saved?.saveSoon();
    }
  }
  function continuousBackups(tableName: string): unknown {
    const kept = recovery.get(tableName);
    return {
      ContinuousBackupsDescription: {
        ContinuousBackupsStatus: 'ENABLED',
        PointInTimeRecoveryDescription: kept
          ? {
              PointInTimeRecoveryStatus: 'ENABLED',
              RecoveryPeriodInDays: kept.days,
              EarliestRestorableDateTime: kept.since / 1000,
              LatestRestorableDateTime: Date.now() / 1000,
            }
          : { PointInTimeRecoveryStatus: 'DISABLED' },
      },
    };
  }

  async function scanAll(tableName: string): Promise<Item[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await dynamo
        .send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }))
        .catch((error: Error) => {
          if (error.name === 'ResourceNotFoundException')
            throw new DynamoError('TableNotFoundException', `Table not found: ${tableName}`);
          throw error;
        });
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async function writeExport(job: {
    bucket: string;
    prefix: string;
    base: string;
    items: Item[];
    exportArn: string;
    exportTime: number;
    startTime: number;
    tableArn: string;
  }): Promise<{ manifestKey: string; bytes: number }> {
    const put = (Key: string, Body: Buffer | string) =>
      s3.send(new PutObjectCommand({ Bucket: job.bucket, Key, Body: Buffer.from(Body) }));
    await put(`${job.base}/_started`, '');
    const files: { itemCount: number; md5Checksum: string; etag: string; dataFileS3Key: string }[] = [];
    let bytes = 0;
    // An empty table still has one (empty) data file, as an empty partition does in AWS.
    for (let at = 0; at === 0 || at < job.items.length; at += ITEMS_PER_FILE) {
      const chunk = job.items.slice(at, at + ITEMS_PER_FILE);
      const lines = chunk.map((item) => `${JSON.stringify({ Item: jsonOf(item) })}\n`).join('');
      bytes += Buffer.byteLength(lines);
      const body = gzipSync(lines);
      const key = `${job.base}/data/${randomBytes(13).toString('base64url').toLowerCase()}.json.gz`;
      const md5 = createHash('md5').update(body);
      const answer = await put(key, body);
      files.push({
        itemCount: chunk.length,
        md5Checksum: md5.digest('base64'),
        etag: (answer.ETag ?? '').replaceAll('"', ''),
        dataFileS3Key: key,
      });
    }
    const manifestFiles = files.map((file) => `${JSON.stringify(file)}\n`).join('');
    const manifestFilesKey = `${job.base}/manifest-files.json`;
    await put(manifestFilesKey, manifestFiles);
    await put(`${job.base}/manifest-files.checksum`, createHash('md5').update(manifestFiles).digest('hex'));
    const summary = JSON.stringify({
      version: '2020-06-30',
      exportArn: job.exportArn,
      startTime: new Date(job.startTime).toISOString(),
      endTime: new Date().toISOString(),
      tableArn: job.tableArn,
      tableId: tableIdOf(job.tableArn),
      exportTime: new Date(job.exportTime).toISOString(),
      s3Bucket: job.bucket,
      s3Prefix: job.prefix || null,
      s3SseAlgorithm: 'AES256',
      s3SseKmsKeyId: null,
      manifestFilesS3Key: manifestFilesKey,
      billedSizeBytes: bytes,
      itemCount: job.items.length,
      outputFormat: 'DYNAMODB_JSON',
      exportType: 'FULL_EXPORT',
    });
    const manifestKey = `${job.base}/manifest-summary.json`;
    await put(manifestKey, summary);
    await put(`${job.base}/manifest-summary.checksum`, createHash('md5').update(summary).digest('hex'));
    return { manifestKey, bytes };
  }

  async function readImport(
    tableName: string,
    bucket: string,
    keyPrefix: string,
    gzipped: boolean,
    description: Record<string, unknown>,
  ): Promise<void> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: keyPrefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && !object.Key.endsWith('/')) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    if (keys.length === 0)
      throw new DynamoError('ValidationException', `no object under s3://${bucket}/${keyPrefix}`);
    let processed = 0;
    let imported = 0;
    let size = 0;
    for (const key of keys.sort()) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const raw = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      size += raw.length;
      let body: string;
      try {
        body = (gzipped ? gunzipSync(raw) : raw).toString('utf8');
      } catch (error) {
        throw new DynamoError(
          'InvalidCompression',
          `s3://${bucket}/${key} is not GZIP: ${(error as Error).message}`,
        );
      }
      const items: Item[] = [];
      const lines = body.split('\n');
      for (const [index, line] of lines.entries()) {
        if (line.trim() === '') continue;
        processed++;
        const item = itemOf(line);
        if (typeof item === 'string')
          throw new DynamoError('InvalidInput', `s3://${bucket}/${key} line ${index + 1}: ${item}`);
        items.push(item);
      }
      for (let at = 0; at < items.length; at += BATCH) {
        await writeBatch(
          tableName,
          items.slice(at, at + BATCH).map((Item) => ({ PutRequest: { Item } })),
        );
        imported += Math.min(BATCH, items.length - at);
        Object.assign(description, { ImportedItemCount: imported });
      }
      Object.assign(description, { ProcessedItemCount: processed, ProcessedSizeBytes: size });
    }
  }

  async function writeBatch(tableName: string, requests: WriteRequest[]): Promise<void> {
    let left = requests;
    for (let attempt = 0; left.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      if (attempt > 10) throw new Error(`${left.length} items were not written after ${attempt} attempts`);
      const answer = await dynamo
        .send(new BatchWriteItemCommand({ RequestItems: { [tableName]: left } }))
        .catch((error: Error) => {
          if (error.name === 'ValidationException') throw new DynamoError('InvalidInput', error.message);
          throw error;
        });
      left = answer.UnprocessedItems?.[tableName] ?? [];
    }
  }

  const server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(PREFIX) ? operations[target.slice(PREFIX.length)] : undefined;
    if (!operation) return passThrough(req, res);
    serve(req, res, operation).catch((error: unknown) =>
      answer(res, 500, { __type: `${ERROR_PREFIX}InternalServerError`, message: (error as Error).message }),
    );
  });

  function passThrough(req: IncomingMessage, res: ServerResponse) {
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answerFromUpstream) => {
        res.writeHead(answerFromUpstream.statusCode ?? 502, answerFromUpstream.headers);
        answerFromUpstream.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (res.headersSent) return res.destroy(error);
      answer(res, 502, {
        __type: `${ERROR_PREFIX}InternalServerError`,
        message: `DynamoDB Local: ${error.message}`,
      });
    });
    req.pipe(forward);
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    operation: (input: Input) => Promise<unknown>,
  ) {
    const fromPage = webPageRefusal(req.headers);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    }
    if (fromPage)
      return answer(res, 403, { __type: `${ERROR_PREFIX}AccessDeniedException`, message: fromPage });
    const body = Buffer.concat(chunks);
    if (options.credentials) {
      const unsigned = await signatureRefusal(
        { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body },
        options.credentials,
        'dynamodb',
      ).catch((error: unknown) => ({ type: 'InvalidSignatureException', message: (error as Error).message }));
      if (unsigned)
        return answer(res, 400, { __type: `${ERROR_PREFIX}${unsigned.type}`, message: unsigned.message });
    }
    let input: Input;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || size > MAX_BODY)
        throw new Error('not an object');
      input = parsed as Input;
    } catch {
      return answer(res, 400, {
        __type: `${ERROR_PREFIX}SerializationException`,
        message: 'the body is not a JSON object',
      });
    }
    try {
      return answer(res, 200, await operation(input));
    } catch (error) {
      if (error instanceof DynamoError)
        return answer(res, 400, { __type: `${ERROR_PREFIX}${error.type}`, message: error.message });
      // DynamoDB Local's own refusals (CreateTable's, Scan's) are the caller's to read.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status && status >= 400 && status < 500)
        return answer(res, status, {
          __type: `${ERROR_PREFIX}${(error as Error).name}`,
          message: (error as Error).message,
        });
      throw error;
    }
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await Promise.allSettled([...running]);
      saved?.flush();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      dynamo.destroy();
      s3.destroy();
    },
  };
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
  res.end(JSON.stringify(body));
}

function text(input: Input, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value.length === 0)
    throw new DynamoError('ValidationException', `${name} is required (a non-empty string)`);
  return value;
}

/** The table a TableArn names (any region and account: DynamoDB Local's ARNs say `ddblocal`). */
function tableNameOf(arn: string): string {
  const match = /^arn:aws[a-z-]*:dynamodb:[^:]*:[^:]*:table\/([A-Za-z0-9_.-]{3,255})$/.exec(arn);
  if (!match) throw new DynamoError('ValidationException', `TableArn is not a table's ARN: ${arn}`);
  return match[1] as string;
}

/** A stable id for a table ARN (AWS's TableId is a UUID made at creation; none is kept locally). */
function tableIdOf(arn: string): string {
  const hex = createHash('sha256').update(arn).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** ExportTime (epoch seconds, as the SDK sends it), or the call's moment when absent. */
function exportTimeOf(value: unknown, now: number): number {
  if (value === undefined) return now;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new DynamoError('ValidationException', 'ExportTime must be a time');
  const at = value * 1000;
  if (at > now + EXPORT_TIME_SLACK_MS)
    throw new DynamoError('InvalidExportTimeException', 'ExportTime is in the future');
  if (at < now - EXPORT_TIME_SLACK_MS)
    throw new DynamoError(
      'InvalidExportTimeException',
      'this local stand-in keeps no history: it exports the table as it is at the call (leave ExportTime out)',
    );
  return at;
}

/** CreateTable's input from ImportTable's TableCreationParameters (the fields both have). */
function creationOf(parameters: Input): CreateTableCommandInput {
  const {
    TableName,
    AttributeDefinitions,
    KeySchema,
    BillingMode,
    ProvisionedThroughput,
    GlobalSecondaryIndexes,
  } = parameters as unknown as CreateTableCommandInput;
  if (!Array.isArray(KeySchema) || !Array.isArray(AttributeDefinitions))
    throw new DynamoError(
      'ValidationException',
      'TableCreationParameters needs KeySchema and AttributeDefinitions',
    );
  return {
    TableName,
    AttributeDefinitions,
    KeySchema,
    BillingMode: BillingMode ?? 'PROVISIONED',
    ...(ProvisionedThroughput ? { ProvisionedThroughput } : {}),
    ...(GlobalSecondaryIndexes ? { GlobalSecondaryIndexes } : {}),
  };
}

const TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);

/** One line of a DYNAMODB_JSON file as an item, or why it is not one. */
function itemOf(line: string): Item | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  const item = (parsed as { Item?: unknown } | null)?.Item;
  if (!item || typeof item !== 'object' || Array.isArray(item) || Object.keys(parsed as object).length !== 1)
    return 'not a {"Item":{…}} object';
  for (const [name, value] of Object.entries(item)) {
    const why = attributeRefusal(value);
    if (why) return `attribute ${name}: ${why}`;
  }
  return binaryOf(item) as Item;
}

function attributeRefusal(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not an attribute value';
  const entries = Object.entries(value);
  const [type, inner] = entries[0] ?? [];
  if (entries.length !== 1 || !type || !TYPES.has(type)) return 'not one of DynamoDB’s attribute types';
  if ((type === 'S' || type === 'N' || type === 'B') && typeof inner !== 'string')
    return `${type} must be a string`;
  if ((type === 'BOOL' || type === 'NULL') && typeof inner !== 'boolean') return `${type} must be a boolean`;
  if (type === 'SS' || type === 'NS' || type === 'BS')
    return Array.isArray(inner) && inner.length > 0 && inner.every((s) => typeof s === 'string')
      ? undefined
      : `${type} must be a non-empty list of strings`;
  if (type === 'L')
    return Array.isArray(inner)
      ? inner.map(attributeRefusal).find((why) => why !== undefined)
      : 'L must be a list';
  if (type === 'M') {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return 'M must be an object';
    return Object.values(inner)
      .map(attributeRefusal)
      .find((why) => why !== undefined);
  }
  return undefined;
}

/** An item as DynamoDB JSON: B and BS as base64 (the SDK hands them over as bytes). */
function jsonOf(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(jsonOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonOf(inner)]));
  return value;
}

/** DynamoDB JSON's attribute values as the SDK takes them: B and BS as bytes. */
function binaryOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(binaryOf);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === 'B' && typeof inner === 'string') return [key, Buffer.from(inner, 'base64')];
      if (key === 'BS' && Array.isArray(inner))
        return [key, inner.map((b: string) => Buffer.from(b, 'base64'))];
      return [key, binaryOf(inner)];
    }),
  );
}
