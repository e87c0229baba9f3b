import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteTableCommand,
  DescribeExportCommand,
  DescribeImportCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ExportTableToPointInTimeCommand,
  ImportTableCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Finding,
  type RestoreReport,
  type SourceManifest,
  takeManifest,
  validateRestore,
  writeManifest,
} from '#backups/index.ts';
import type { RecoveryResult } from '#checkout/jobs/recover-payments.ts';
import type { LogRestore } from '#passport/restore-log.ts';
import { TABLE } from '#table/table.ts';
import { duration, type Progress, progressLine } from '../../progress.ts';
import { JOURNAL_BUCKET } from '../order-journal.ts';
import { freePort } from '../ports.ts';
import { TABLE_STREAM, tableKeysAndIndexes } from '../resources.ts';
import { historyItems, OWNER_PASSWORD, writeItems } from './history.ts';
import { call, payByCard, type StartedCheckout, startCheckout, until } from './shopper.ts';
import { type DrillShop, type RunningShop, runShopJob, startShop } from './shops.ts';

/**
 * `npm run drill:restore` (issue 49, docs/restore.md): the table lost and restored, on this
 * machine, timed. A local shop with the demo catalogue and a history (orders, sold pieces with
 * their owners and passport entries) is exported in DynamoDB's export format to the local S3;
 * shoppers pay after the export (the minutes a backup misses); the export is imported into a fresh
 * table, its TTL, stream and point-in-time recovery re-applied; the first shop stops and a second
 * starts on the restored table; the restore is validated against the export's manifest
 * (functions/backups: the same checks as AWS Backup's restore testing); the payments taken after
 * the export are recovered from the providers (once: a second run makes nothing); and a shopper
 * and an owner from before the backup use the restored shop.
 *
 * With `faults`: the payments are made while the export is being written, one shopper's webhook
 * arrives while the table is gone (deleted outright, deletion protection off) and the restore
 * runs, and nothing is lost. With `plants`: each corruption is planted in a copy of the restore
 * (imported again from the export), whose validation must fail it by the check's name.
 */

export type Plant = 'order-removed' | 'passport-altered';
/** Each planted corruption and the check that must fail on it. */
export const PLANTED: Record<Plant, string> = {
  'order-removed': 'sold-piece-paid-order',
  'passport-altered': 'passport-hash-chain',
};
export const PLANTS = Object.keys(PLANTED) as Plant[];

export interface DrillOptions {
  /** Orders of the history (of which `passportEntries` sold a piece). */
  orders: number;
  /** Pieces sold in the history: each a passport entry of its sale. */
  passportEntries: number;
  /** Card payments made after the export (during it, with `faults`). */
  payments: number;
  faults: boolean;
  /** Corruptions each planted in a copy of the restore, whose validation must fail them by name. */
  plants?: readonly Plant[];
  /** Kept after the drill when given; a temporary directory (removed) otherwise. */
  dataDir?: string;
  /** Each step's line, and the shops' own lines when `verbose`. */
  log?: (line: string) => void;
  verbose?: boolean;
  /** Where progress lines go (a terminal redraws them). */
  progressStream?: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface StepTime {
  step: string;
  ms: number;
  detail: string;
}

export interface DrillReport {
  ok: boolean;
  steps: StepTime[];
  manifest: SourceManifest;
  /** The validation of the restored table against the export's manifest, before any recovery. */
  validation: RestoreReport;
  /**
   * The checks run again once the log and the payments were recovered: every invariant and setting
   * (the counts left out: the recovery rightly added orders, owners and log entries to the export's).
   */
  afterRecovery: RestoreReport;
  paidAfterExport: string[];
  recovered: { first: RecoveryResult; second: RecoveryResult };
  /** Each planted corruption and the checks its copy's validation failed. */
  planted: { plant: Plant; failed: string[] }[];
  problems: string[];
}

const SOURCE_TABLE = 'boutique';
/** How far before the restore point the recovery looks (docs/restore.md, step 6). */
export const RECOVERY_MARGIN_MS = 60_000;
const region = 'us-east-1';

function clients(shop: DrillShop) {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', sessionToken: shop.sessionToken };
  // The real DynamoDB client, pointed at the export/import stand-in in front of DynamoDB Local
  // (the table's management calls), and one at DynamoDB Local itself for the items.
  const raw = new DynamoDBClient({ endpoint: shop.tableExportsUrl, region, credentials });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: shop.dynamoDbUrl, region, credentials }),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  const s3 = new S3Client({
    endpoint: shop.s3Url,
    region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  // What the validation reads the table and its settings through (DynamoDB Local lacks point-in-time recovery).
  const managed = DynamoDBDocumentClient.from(raw);
  return { raw, db, managed, s3 };
}

export async function runRestoreDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ?? mkdtempSync(join(scratchRoot(), 'restore-drill-'));
  const steps: StepTime[] = [];
  const problems: string[] = [];
  const running: RunningShop[] = [];
  const shopLog = options.verbose ? (line: string) => log(`    ${line}`) : undefined;
  const drillStart = performance.now();
  // One address for both shops, as the shop keeps its domain through a restore.
  const port = await freePort();

  async function step<T>(name: string, work: () => Promise<T>, detail: (result: T) => string): Promise<T> {
    log(`▶ ${name}`);
    const started = performance.now();
    const result = await work().catch((error: unknown) => {
      log(`✗ ${name} · ${seconds(performance.now() - started)} · ${(error as Error).message}`);
      throw error;
    });
    const ms = performance.now() - started;
    const said = detail(result);
    steps.push({ step: name, ms, detail: said });
    log(`✓ ${name} · ${seconds(ms)}${said ? ` · ${said}` : ''}`);
    return result;
  }
  const counted = (label: string, total: number, unit: string) =>
    progressLine(`  ${label}`, total, {
      unit,
      everyMs: 5_000,
      ...(options.progressStream ? { stream: options.progressStream } : {}),
    });

  try {
    const first = await step(
      'start the shop (demo catalogue)',
      async () => {
        const shop = await startShop({ dataDir, table: SOURCE_TABLE, seed: true, port, log: shopLog });
        running.push(shop);
        return shop;
      },
      (shop) => shop.url,
    );
    const { raw, db, managed, s3 } = clients(first);

    const history = await step(
      `write the history: ${options.orders.toLocaleString('en')} orders, ${options.passportEntries.toLocaleString('en')} pieces sold`,
      async () => {
        // The entity builders name the table their items go to (the shop's TABLE_NAME).
        process.env.TABLE_NAME = first.tableName;
        const made = await historyItems({
          orders: options.orders,
          sold: options.passportEntries,
          available: options.payments + (options.faults ? 1 : 0) + 1,
        });
        const progress = counted('items written', made.items.length, 'items');
        await writeItems(db, first.tableName, made.items, progress);
        progress.finish();
        return made;
      },
      (made) => `${made.items.length.toLocaleString('en')} items`,
    );

    await step(
      'sequence and publish the passport log (the shop’s sequencer)',
      async () => {
        const progress = counted('passport entries sequenced', options.passportEntries, 'entries');
        let size = 0;
        for (let run = 0; size < options.passportEntries && run < 100; run++) {
          await runShopJob(first, 'sequence-log');
          const head = await db.send(
            new GetCommand({
              TableName: first.tableName,
              Key: { pk: 'PASSPORTLOG', sk: '#HEAD' },
              ConsistentRead: true,
            }),
          );
          const now = Number((head.Item as { size?: number } | undefined)?.size ?? 0);
          progress.advance(now - size);
          size = now;
        }
        progress.finish();
        if (size < options.passportEntries)
          throw new Error(`the log holds ${size} entries, not ${options.passportEntries}`);
        return size;
      },
      (size) => `log size ${size}, checkpoint published`,
    );

    const exportTime = new Date();
    const manifest = await step(
      'take the manifest (what the table holds at the export)',
      () => takeManifest(first.tableName, exportTime.toISOString(), { db, bucket: first.mediaBucket, s3 }),
      (m) =>
        `${m.total.toLocaleString('en')} items in ${Object.keys(m.counts).length} entities; checkpoint ${m.checkpoint?.size ?? 'none'}`,
    );

    const table = await raw.send(new DescribeTableCommand({ TableName: first.tableName }));
    const started = await step(
      'export the table to S3 (ExportTableToPointInTime)',
      async () =>
        raw.send(
          new ExportTableToPointInTimeCommand({
            TableArn: table.Table?.TableArn,
            S3Bucket: first.backupsBucket,
            S3Prefix: `exports/${SOURCE_TABLE}`,
            ExportFormat: 'DYNAMODB_JSON',
            ExportTime: exportTime,
          }),
        ),
      (answer) => `${answer.ExportDescription?.ExportStatus}`,
    );
    const exportArn = started.ExportDescription?.ExportArn as string;

    // The shoppers who pay after the export's point in time: while it is written (faults), or after.
    const paidAfterExport: string[] = [];
    const pieces = history.counts.availablePieces;
    const payAfterExport = async () => {
      for (let i = 0; i < options.payments; i++) {
        const piece = pieces[i];
        if (!piece) throw new Error('no piece left to buy');
        const checkout = await startCheckout(first, piece, `after-export-${i}@example.com`);
        await payByCard(first, checkout);
        paidAfterExport.push(checkout.checkoutCode);
      }
      await until(
        async () =>
          (await Promise.all(paidAfterExport.map((code) => orderStatus(db, first.tableName, code)))).every(
            (status) => status === 'paid',
          ),
        'the payments after the export to be sold by their webhooks',
      );
    };
    const paying = options.faults ? payAfterExport() : undefined;

    const exported = await step(
      options.faults ? 'write the export (shoppers paying meanwhile)' : 'write the export',
      async () => {
        const progress = counted('export files', 1, 'export');
        let description = started.ExportDescription;
        await until(
          async () => {
            description = (await raw.send(new DescribeExportCommand({ ExportArn: exportArn })))
              .ExportDescription;
            if (description?.ExportStatus === 'FAILED') throw new Error(description.FailureMessage);
            return description?.ExportStatus === 'COMPLETED';
          },
          'the export',
          600_000,
        );
        progress.advance(1);
        progress.finish();
        if (paying) await paying;
        const prefix = String(description?.ExportManifest ?? '').replace(/\/manifest-summary\.json$/, '');
        await writeManifest(first.backupsBucket, prefix, manifest, s3);
        return { description, prefix };
      },
      ({ description }) =>
        `${Number(description?.ItemCount).toLocaleString('en')} items, ${Math.round(Number(description?.BilledSizeBytes) / 1024).toLocaleString('en')} KiB`,
    );
    if (Number(exported.description?.ItemCount) !== manifest.total)
      problems.push(
        `the export holds ${exported.description?.ItemCount} items, the manifest ${manifest.total}`,
      );

    if (!paying)
      await step(
        `${options.payments} shoppers pay after the export (the minutes a backup misses)`,
        payAfterExport,
        () => paidAfterExport.join(', '),
      );
    // The journal is written from the table's stream, seconds behind the table: an order made in
    // the last seconds before the loss may not be in it (the recovery then names its payment for
    // a person). The drill measures that lag here instead of racing it.
    await step(
      'the order journal holds the orders paid after the export',
      () => Promise.all(paidAfterExport.map((code) => waitForJournal(s3, code))),
      () => `${paidAfterExport.length} orders in s3://${JOURNAL_BUCKET}/orders/`,
    );

    // Faults: one shopper holds a piece, the table is deleted outright, then their payment is made:
    // its webhook finds no table (and is retried by the provider) while the restore runs.
    let lostWebhook: StartedCheckout | undefined;
    if (options.faults) {
      lostWebhook = await step(
        'a shopper starts paying; the table is deleted outright (deletion protection off)',
        async () => {
          const piece = pieces[options.payments];
          if (!piece) throw new Error('no piece left to buy');
          const checkout = await startCheckout(first, piece, 'during-restore@example.com');
          await waitForJournal(s3, checkout.checkoutCode);
          await raw
            .send(new UpdateTableCommand({ TableName: first.tableName, DeletionProtectionEnabled: false }))
            .catch(() => undefined);
          await raw.send(new DeleteTableCommand({ TableName: first.tableName }));
          await payByCard(first, checkout);
          paidAfterExport.push(checkout.checkoutCode);
          return checkout;
        },
        (checkout) => `order ${checkout.checkoutCode} paid at the provider, its webhook meets no table`,
      );
    }

    const restoredName = `${SOURCE_TABLE}-restored-${Date.now()}`;
    const importExport = async (into: string, progress?: Progress): Promise<number> => {
      const asked = await raw.send(
        new ImportTableCommand({
          S3BucketSource: { S3Bucket: first.backupsBucket, S3KeyPrefix: `${exported.prefix}/data/` },
          InputFormat: 'DYNAMODB_JSON',
          InputCompressionType: 'GZIP',
          TableCreationParameters: tableKeysAndIndexes(into),
        }),
      );
      const arn = asked.ImportTableDescription?.ImportArn as string;
      let imported = 0;
      await until(
        async () => {
          const now = (await raw.send(new DescribeImportCommand({ ImportArn: arn }))).ImportTableDescription;
          if (now?.ImportStatus === 'FAILED') throw new Error(now.FailureMessage);
          const count = Number(now?.ImportedItemCount ?? now?.ProcessedItemCount ?? 0);
          progress?.advance(count - imported);
          imported = count;
          return now?.ImportStatus === 'COMPLETED';
        },
        `the import into ${into}`,
        600_000,
      );
      progress?.finish();
      return imported;
    };
    await step(
      `import the export into a fresh table ${restoredName} (ImportTable)`,
      () => importExport(restoredName, counted('items imported', manifest.total, 'items')),
      (imported) => `${imported.toLocaleString('en')} items`,
    );

    const applySettings = async (TableName: string) => {
      await raw.send(
        new UpdateTimeToLiveCommand({
          TableName,
          TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        }),
      );
      await raw.send(new UpdateTableCommand({ TableName, StreamSpecification: TABLE_STREAM }));
      await raw.send(
        new UpdateContinuousBackupsCommand({
          TableName,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      );
    };
    await step(
      'apply TTL, stream and point-in-time recovery again (a restore carries none)',
      () => applySettings(restoredName),
      () => `TTL on ${TABLE.ttlAttribute}, stream ${TABLE_STREAM.StreamViewType}, point-in-time recovery on`,
    );

    const validation = await step(
      'validate the restored table against the export’s manifest',
      () =>
        validateRestore({
          table: restoredName,
          source: manifest,
          bucket: first.mediaBucket,
          db: managed,
          s3,
        }),
      (report) => summary(report),
    );
    for (const finding of validation.findings)
      log(`    ${finding.ok ? 'PASS' : 'FAIL'} ${finding.check}: ${finding.details.join('; ')}`);
    // The one failure a good restore may show: the log's checkpoint published after the export
    // (the sales after it were sequenced and published before the table was lost); the log's
    // entries are recovered from the published tiles on the second shop, before anything is appended.
    const publishedAfter = (f: Finding) =>
      f.check === 'passport-checkpoint-prefix' &&
      f.details.some((d) => d.includes('published after the backup'));
    const failedChecks = validation.findings.filter((f) => !f.ok && !publishedAfter(f));
    if (failedChecks.length > 0)
      problems.push(`the restore validation failed: ${failedChecks.map((f) => f.check).join(', ')}`);

    const planted: DrillReport['planted'] = [];
    for (const plant of options.plants ?? []) {
      const copy = `${restoredName}-${plant}`;
      const failed = await step(
        `plant ${plant} in a copy of the restore: its validation must fail ${PLANTED[plant]}`,
        async () => {
          await importExport(copy);
          await applySettings(copy);
          await plantCorruption(db, copy, plant);
          const report = await validateRestore({
            table: copy,
            source: manifest,
            bucket: first.mediaBucket,
            db: managed,
            s3,
          });
          await raw.send(new DeleteTableCommand({ TableName: copy }));
          return report.findings.filter((f) => !f.ok);
        },
        (findings) => `FAILED ${findings.map((f) => `${f.check} (${f.details[0]})`).join('; ') || 'nothing'}`,
      );
      planted.push({ plant, failed: failed.map((f) => f.check) });
      if (!failed.some((f) => f.check === PLANTED[plant]))
        problems.push(`the planted ${plant} did not fail ${PLANTED[plant]}`);
    }

    await step(
      'stop the first shop',
      async () => {
        await first.stop();
        running.splice(running.indexOf(first), 1);
      },
      () => '',
    );
    const second = await step(
      'start a second shop on the restored table',
      async () => {
        const shop = await startShop({ dataDir, table: restoredName, seed: false, port, log: shopLog });
        running.push(shop);
        return shop;
      },
      (shop) => `${shop.url} (table ${shop.tableName})`,
    );
    const after = clients(second);

    await step(
      'recover the passport log entries published after the export (from the published tiles)',
      () => runShopJob<LogRestore>(second, 'restore-passport-log'),
      (r) =>
        r.restored > 0
          ? `${r.restored} entries (the restored log ${r.restoredHead}, the published checkpoint ${r.published}); ${r.pendingRemoved} pending entries already in it removed`
          : `nothing to recover: the restored log (${r.restoredHead}) holds the published checkpoint (${r.published})`,
    );

    const recovered = await step(
      'recover the payments taken after the export (the providers’ records and the order journal)',
      async () => {
        // From a minute before the export's point in time (the runbook's margin: providers date a
        // payment to the second, and one whose order the restore holds is only counted) until now.
        const range = { since: exportTime.getTime() - RECOVERY_MARGIN_MS, until: Date.now() };
        const firstRun = await runShopJob<RecoveryResult>(second, 'recover-payments', range);
        const secondRun = await runShopJob<RecoveryResult>(second, 'recover-payments', range);
        return { first: firstRun, second: secondRun };
      },
      ({ first: one, second: two }) =>
        `listed ${one.listed}, recovered ${one.recovered}, already there ${one.present}, needing a person ${one.needsAttention}; again: recovered ${two.recovered}`,
    );
    if (recovered.first.recovered !== paidAfterExport.length)
      problems.push(
        `${recovered.first.recovered} payments recovered, ${paidAfterExport.length} were made after the export`,
      );
    if (recovered.second.recovered !== 0)
      problems.push(`a second recovery made ${recovered.second.recovered} orders again`);
    for (const code of paidAfterExport) {
      const status = await orderStatus(after.db, restoredName, code);
      if (status !== 'paid')
        problems.push(`order ${code} paid after the export is ${status ?? 'missing'} after the recovery`);
    }

    const afterRecovery = await step(
      'validate again after the recovery (every invariant)',
      async () => {
        await runShopJob(second, 'sequence-log');
        return validateRestore({
          table: restoredName,
          source: manifest,
          bucket: second.mediaBucket,
          db: after.managed,
          s3: after.s3,
        });
      },
      (report) => summary(withoutCounts(report)),
    );
    const invariants = withoutCounts(afterRecovery);
    if (!invariants.ok)
      problems.push(
        `after the recovery: ${invariants.findings
          .filter((f) => !f.ok)
          .map((f) => `${f.check}: ${f.details[0]}`)
          .join('; ')}`,
      );

    await step(
      'a shopper buys and an owner from before the backup signs in, on the restored shop',
      async () => journey(second, history, pieces[pieces.length - 1], after.db, restoredName),
      (said) => said,
    );

    if (lostWebhook)
      log(
        `  the webhook that met no table: order ${lostWebhook.checkoutCode} is ${await orderStatus(after.db, restoredName, lostWebhook.checkoutCode)}`,
      );
    const ok = problems.length === 0;
    log(`${ok ? 'DRILL PASSED' : 'DRILL FAILED'} in ${duration(performance.now() - drillStart)}`);
    for (const problem of problems) log(`  ✗ ${problem}`);
    return {
      ok,
      steps,
      manifest,
      validation,
      afterRecovery: invariants,
      paidAfterExport,
      recovered,
      planted,
      problems,
    };
  } finally {
    for (const shop of running.reverse()) await shop.stop().catch(() => undefined);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Where a drill's own data goes: memory (/dev/shm) where the machine has it. DynamoDB Local keeps
 * a data directory in SQLite, syncing every write to disk: about 50 items a second on this
 * machine's disk, twenty times fewer than in memory, which is DynamoDB Local's cost, not AWS's.
 */
function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function summary(report: RestoreReport): string {
  const failed = report.findings.filter((f) => !f.ok);
  return `${report.items.toLocaleString('en')} items, ${report.findings.length - failed.length} of ${report.findings.length} checks held${failed.length ? `; FAILED ${failed.map((f) => f.check).join(', ')}` : ''}`;
}

/** The report with the count checks left out: after the recovery the table rightly holds more than the export. */
function withoutCounts(report: RestoreReport): RestoreReport {
  const findings: Finding[] = report.findings.filter(
    (f) => f.check !== 'counts-per-entity' && f.check !== 'index-counts',
  );
  return { ...report, findings, ok: findings.every((f) => f.ok) };
}

async function orderStatus(
  db: DynamoDBDocumentClient,
  table: string,
  code: string,
): Promise<string | undefined> {
  const order = await db.send(
    new GetCommand({ TableName: table, Key: { pk: `ORDER#${code}`, sk: '#ORDER' }, ConsistentRead: true }),
  );
  return (order.Item as { status?: string } | undefined)?.status;
}

/** Waits until the order journal holds the order (its stream consumer wrote it). */
async function waitForJournal(s3: S3Client, checkoutCode: string): Promise<void> {
  await until(
    async () => {
      await s3.send(new HeadObjectCommand({ Bucket: JOURNAL_BUCKET, Key: `orders/${checkoutCode}.json` }));
      return true;
    },
    `order ${checkoutCode} in the order journal`,
    300_000,
  );
}

/**
 * A corruption planted in the restored table, as a faulty restore or a person could make it:
 * a paid order removed, or a sequenced passport entry's text altered.
 */
async function plantCorruption(db: DynamoDBDocumentClient, table: string, plant: Plant): Promise<void> {
  if (plant === 'order-removed') {
    const code = await soldOrderOf(db, table, 'drill-p-000000');
    await db.send(new DeleteCommand({ TableName: table, Key: { pk: `ORDER#${code}`, sk: '#ORDER' } }));
    return;
  }
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: { pk: 'PASSPORTLOG', sk: 'ENTRY#000000000000' },
      UpdateExpression: 'SET #text = :text',
      ExpressionAttributeNames: { '#text': 'text' },
      ExpressionAttributeValues: { ':text': 'altered by the drill' },
    }),
  );
}

async function soldOrderOf(db: DynamoDBDocumentClient, table: string, pid: string): Promise<string> {
  const piece = await db.send(
    new GetCommand({ TableName: table, Key: { pk: `PRODUCT#${pid}`, sk: '#PRODUCT' } }),
  );
  const code = (piece.Item as { soldOrder?: string } | undefined)?.soldOrder;
  if (!code) throw new Error(`${pid} has no order to remove`);
  return code;
}

/** A shopper browses and buys the last piece for sale; an owner from the history signs in to the portal. */
async function journey(
  shop: DrillShop,
  history: Awaited<ReturnType<typeof historyItems>>,
  piece: { id: string; typeId: string } | undefined,
  db: DynamoDBDocumentClient,
  table: string,
): Promise<string> {
  const women = await call<{ types: unknown[] }>(shop, '/api/getTypeByGender?gender=0');
  if (women.status !== 200 || women.body.types.length === 0)
    throw new Error(`the collections: ${women.status} ${women.text}`);
  if (!piece) throw new Error('no piece left for the journey');
  const checkout = await startCheckout(shop, piece, 'after-restore@example.com');
  await payByCard(shop, checkout);
  await until(
    async () => (await orderStatus(db, table, checkout.checkoutCode)) === 'paid',
    'the journey’s order to be paid',
  );
  const owner = history.counts.owners[0];
  if (!owner) throw new Error('no owner in the history');
  const login = await call<{ pid?: string }>(shop, '/api/authenticationcard', {
    method: 'POST',
    json: { cardNumber: owner.cardNumber, password: OWNER_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`the owner's sign-in: ${login.status} ${login.text}`);
  return `${women.body.types.length} collections; order ${checkout.checkoutCode} paid; owner of card ${owner.cardNumber.slice(-4)} signed in`;
}
