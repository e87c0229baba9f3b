import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Item } from '#backups/index.ts';
import { cardClaimKey } from '#catalog/entities/keys.ts';
import { routeKey, routes } from '../../functions/routes.ts';
import { EVENT_MODULES, JOB_MODULES } from '../../infra/build-functions.ts';
import { lambdaContext } from '../../infra/local/api-event.ts';
import { startBackup } from '../../infra/local/backup-stand-in.ts';
import { bundleFunctions } from '../../infra/local/bundles/bundle-functions.ts';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import { ensureTable } from '../../infra/local/resources.ts';
import { startSecretsManager } from '../../infra/local/secrets-stand-in.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { api } from '../support/api.ts';
import { randomCheckoutKey } from '../support/checkout-key.ts';
import { putItems } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';
import { ownShare, quietScan } from '../support/restore-share.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Runs in the bundles' run only (test/bundles/vitest.config.ts), where the local stack serves the
 * API from cdk.out. Proves that it does, and that every function CDK will upload starts and
 * answers as Lambda would run it.
 */
const run = promisify(execFile);
const cdkOut = resolve(process.env.SERVE_BUNDLES ?? 'cdk.out');
const assembly = readCloudAssembly(cdkOut);
const nodeFunctions = assembly.functions.filter((fn) => fn.runtime.startsWith('nodejs'));

/** The Lambda runtimes this machine is running: their asset folder and initial environment. */
function runningBundles(): { assetDir: string; environment: Record<string, string> }[] {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(join('/proc', pid, 'cmdline'), 'utf8').split('\0');
      const at = argv.findIndex((a) => a.endsWith('lambda-runtime.mjs'));
      if (at < 0) continue;
      const environ = readFileSync(join('/proc', pid, 'environ'), 'utf8')
        .split('\0')
        .filter(Boolean);
      found.push({
        assetDir: argv[at + 1] as string,
        environment: Object.fromEntries(
          environ.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
        ),
      });
    } catch {
      // a process that ended meanwhile
    }
  }
  return found;
}

describe('the deployed bundles', () => {
  it('are what the shop serves in this run: the template’s bundle, handler and environment', async () => {
    expect(process.env.SERVE_BUNDLES, 'run with test/bundles/vitest.config.ts').toBeTruthy();
    expect((await api('/getTypeByGender?gender=0')).status).toBe(200);
    const fn = nodeFunctions.find((f) => f.description === 'GET /api/getTypeByGender');
    const running = runningBundles().find((b) => b.assetDir === fn?.assetDir);
    expect(running, 'a Lambda runtime for GET /api/getTypeByGender from cdk.out').toBeDefined();
    // Only the shop's address is the local one (in AWS it is the CloudFront domain).
    const { SHOP_URL, ...fromTemplate } = fn?.environment ?? {};
    expect(SHOP_URL).toMatch(/^https:\/\//);
    expect(running?.environment.SHOP_URL).toBe(inject('baseUrl'));
    expect(running?.environment).toMatchObject({
      ...fromTemplate,
      AWS_LAMBDA_FUNCTION_NAME: 'CatalogHttpGetTypeByGender',
    });
    // Source maps are not parsed at every cold start (functions/platform/stack-trace.ts).
    expect(running?.environment.NODE_OPTIONS).toBeUndefined();
    expect(running?.environment.TABLE_NAME).toBe(inject('tableName'));
  });

  it('give the payment functions their keys only from the template’s secret, as in AWS', async () => {
    // A checkout start needs the Stripe key: answered, it was read from Secrets Manager.
    const answer = await api('/secret', {
      method: 'POST',
      json: { id: 'nothing', checkoutKey: randomCheckoutKey() },
    });
    expect(answer.status).toBeLessThan(500);
    for (const bundle of runningBundles()) {
      expect(bundle.environment.STRIPE_SECRET_KEY).toBeUndefined();
      expect(bundle.environment.ORIGIN_VERIFY).toBeUndefined();
    }
  });

  it('are one for every row of the route table, each scheduled job and each event function', () => {
    const built = routes.filter((r) => !r.pending).map((r) => routeKey(r));
    const described = nodeFunctions.map((f) => f.description);
    for (const key of built) expect(described).toContain(key);
    expect(nodeFunctions).toHaveLength(built.length + JOB_MODULES.length + EVENT_MODULES.length);
    for (const fn of nodeFunctions) {
      expect(fn.runtime).toBe('nodejs24.x');
      expect(fn.handler).toBe('index.handler');
    }
  });

  it('log an error with the stack in the TypeScript sources, from the map shipped beside the bundle', async () => {
    const fn = nodeFunctions.find((f) => f.description === 'GET /api/getTypeByGender');
    expect(fn).toBeDefined();
    const bundle = join(fn?.assetDir as string, 'index.mjs');
    expect(existsSync(`${bundle}.map`)).toBe(true);
    // A table that does not exist: DynamoDB refuses the read and the handler answers 500.
    const event = {
      version: '2.0',
      routeKey: 'GET /api/getTypeByGender',
      rawPath: '/api/getTypeByGender',
      rawQueryString: 'gender=0',
      headers: {},
      queryStringParameters: { gender: '0' },
      requestContext: {
        http: { method: 'GET', path: '/api/getTypeByGender', sourceIp: '127.0.0.1' },
        requestId: 'r1',
      },
      isBase64Encoded: false,
    };
    const script = `const { handler } = await import(process.argv[1]);
      const answer = await handler(JSON.parse(process.argv[2]), { awsRequestId: 'r1', getRemainingTimeInMillis: () => 9000 });
      process.stdout.write('\\n' + JSON.stringify(answer));`;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--input-type=module', '-e', script, bundle, JSON.stringify(event)],
      {
        env: {
          PATH: process.env.PATH ?? '',
          ...fn?.environment,
          AWS_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: 'local',
          AWS_SECRET_ACCESS_KEY: 'local',
          AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbUrl'),
          TABLE_NAME: 'no-such-table',
        },
      },
    );
    // stdout also holds the function's INFO lines; its answer is the last line.
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toMatchObject({ statusCode: 500 });
    const logged = stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; error?: { stack?: string } })
      .find((line) => line.level === 'ERROR' && line.error?.stack);
    expect(logged?.error?.stack).toMatch(/ResourceNotFoundException|non-existent table/);
    expect(logged?.error?.stack).toMatch(
      /(node_modules\/@(aws-sdk|smithy)\/|functions\/)[^:\s]+\.[jt]s:\d+:\d+/,
    );
    expect(logged?.error?.stack).not.toMatch(/index\.mjs:1:/);
  });

  describe('each started as Lambda starts it', async () => {
    // The template's secret, held by a Secrets Manager stand-in, as the payment functions read it.
    const secretsArn = nodeFunctions.map((f) => f.environment.SHOP_SECRETS_ARN).find(Boolean) as string;
    const secretsManager = await startSecretsManager(0, { [secretsArn]: LOCAL_SECRETS });
    // AWS Backup's PutRestoreValidationResult, for the restore validation (issue 49).
    const backup = await startBackup();
    const functions = bundleFunctions({
      assembly,
      localEnvironment: () => ({
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url,
        STRIPE_API_BASE: inject('paymentsUrl'),
        PAYPAL_API_BASE: inject('paymentsUrl'),
        AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbUrl'),
        AWS_ENDPOINT_URL_S3: inject('s3Url'),
        AWS_ENDPOINT_URL_SESV2: inject('sesUrl'),
        AWS_ENDPOINT_URL_BACKUP: backup.url,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
        // The IAM check (test/iam) evaluates these bundles' calls too.
        ...(process.env.AWS_CALL_LOG ? { AWS_CALL_LOG: process.env.AWS_CALL_LOG } : {}),
      }),
    });
    afterAll(async () => {
      await functions.stop();
      await secretsManager.stop();
      await backup.stop();
    });

    it('imports every bundle and finds its handler (the cold start of every function)', {
      timeout: 300_000,
    }, async () => {
      const failed: string[] = [];
      const queue = [...nodeFunctions];
      const worker = async () => {
        for (let fn = queue.shift(); fn; fn = queue.shift()) {
          await functions
            .warm(fn)
            .catch((error: Error) => failed.push(`${fn?.description}: ${error.message}`));
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      expect(failed).toEqual([]);
      expect(functions.started()).toHaveLength(nodeFunctions.length);
    });

    it('start without loading what they do not use: Node’s fetch (undici) or an AWS event-stream codec', {
      timeout: 300_000,
    }, async () => {
      // Each bundle imported in a fresh Node 24, with its template's environment, as a cold start.
      const probe = `await import(process.argv[1]);
        const loaded = process.moduleLoadList.filter((m) => /undici/.test(m));
        process.stdout.write(JSON.stringify(loaded));`;
      const heavy: string[] = [];
      const queue = [...nodeFunctions];
      const worker = async () => {
        for (let fn = queue.shift(); fn; fn = queue.shift()) {
          const { stdout } = await run(
            process.execPath,
            ['--input-type=module', '-e', probe, join(fn.assetDir, 'index.mjs')],
            {
              env: { PATH: process.env.PATH ?? '', ...fn.environment, AWS_REGION: 'us-east-1' },
            },
          );
          const loaded = JSON.parse(stdout) as string[];
          if (loaded.length > 0) heavy.push(`${fn.description}: ${loaded.join(', ')}`);
          const source = readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8');
          if (/from"node:http"|EventStreamCodec/.test(source))
            heavy.push(`${fn.description}: imports node:http or bundles the event-stream codec`);
        }
      };
      await Promise.all([worker(), worker()]);
      expect(heavy).toEqual([]);
    });

    it('runs the scheduled mail sweep from its bundle against the table', async () => {
      const sweep = nodeFunctions.find((f) => f.description.startsWith('Scheduled: sends the mail'));
      expect(sweep).toBeDefined();
      const result = await functions.byDescription(sweep?.description as string)(
        { source: 'aws.events', 'detail-type': 'Scheduled Event' },
        lambdaContext('CheckoutJobsMailSweep', 'sweep-1'),
      );
      expect(result).toMatchObject({ checked: expect.any(Number), sent: expect.any(Number), failed: 0 });
    });

    it('runs the scheduled payment reconciliation from its bundle, with the providers’ keys from Secrets Manager', async () => {
      const job = nodeFunctions.find((f) => f.description.startsWith('Scheduled: completes, refunds'));
      expect(job).toBeDefined();
      const result = await functions.byDescription(job?.description as string)(
        { source: 'aws.events', 'detail-type': 'Scheduled Event' },
        lambdaContext('CheckoutJobsReconcilePayments', 'reconcile-1'),
      );
      expect(result).toMatchObject({ checked: expect.any(Number), completed: expect.any(Number), failed: 0 });
    });

    it('validates a restored table from its bundle and reports to AWS Backup: SUCCESSFUL, then FAILED naming the lost order (issue 49)', {
      timeout: 300_000,
    }, async () => {
      const fn = nodeFunctions.find((f) =>
        f.description.startsWith('Validates each table restored by AWS Backup'),
      );
      expect(fn).toBeDefined();
      const description = fn?.description as string;
      // The template's bucket is the run's: the validation reads the published checkpoint there.
      expect(fn?.environment.MEDIA_BUCKET).toBe(inject('mediaBucket'));
      pointAtLocalStack();
      // A piece sold through checkout (served by the bundles): the copy holds its paid order.
      const type = typeEntity({ name: 'Restore bundle check' });
      const piece = productEntity(type, {
        cardNumber: `78${Date.now()}`,
        priceUs: 900,
        name: 'Restore bundle coat',
      });
      await store({ type, products: [piece] });
      await putItems([
        {
          ...cardClaimKey(piece.cardNumber ?? ''),
          kind: 'cardClaim',
          cardNumber: piece.cardNumber,
          pid: piece.id,
        },
      ]);
      await buyWithCard(piece, `restore-bundle-${piece.id}@example.com`);

      // AWS Backup's scratch table: a copy of the run's table, as restore testing makes it.
      const raw = new DynamoDBClient({ endpoint: inject('dynamoDbUrl') });
      const db = DynamoDBDocumentClient.from(raw);
      const scratch = `awsbackup-restore-test-${randomUUID().slice(0, 8)}`;
      try {
        await ensureTable(raw, scratch);
        // This run's share of the table (its sold piece, the demo, the log), as one moment held it.
        const items = ownShare(await quietScan(inject('tableName'), db), piece.id);
        for (let i = 0; i < items.length; i += 25) {
          let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
          while (requests.length > 0) {
            const answer = await db.send(new BatchWriteCommand({ RequestItems: { [scratch]: requests } }));
            requests = (answer.UnprocessedItems?.[scratch] ?? []) as typeof requests;
          }
        }
        const { account, region } = assembly;
        // The event as AWS Backup sends it (its guide's Restore Job State Change, COMPLETED).
        const completed = (restoreJobId: string) => ({
          version: '0',
          id: randomUUID(),
          'detail-type': 'Restore Job State Change',
          source: 'aws.backup',
          account,
          time: new Date().toISOString(),
          region,
          resources: [],
          detail: {
            restoreJobId,
            backupVaultArn: `arn:aws:backup:${region}:${account}:backup-vault:TableBackupsVault`,
            recoveryPointArn: `arn:aws:backup:${region}:${account}:recovery-point:${randomUUID()}`,
            sourceResourceArn: `arn:aws:dynamodb:${region}:${account}:table/${inject('tableName')}`,
            backupSizeInBytes: '0',
            creationDate: new Date().toISOString(),
            iamRoleArn: `arn:aws:iam::${account}:role/RestoreRole`,
            percentDone: 0,
            resourceType: 'DynamoDB',
            status: 'COMPLETED',
            createdResourceArn: `arn:aws:dynamodb:${region}:${account}:table/${scratch}`,
            restoreTestingPlanArn: `arn:aws:backup:${region}:${account}:restore-testing-plan:boutique_dev_table-1`,
            completionDate: new Date().toISOString(),
          },
        });
        const validate = functions.byDescription(description);

        const good = randomUUID().toUpperCase();
        backup.addRestoreJob(good);
        const first = await validate(completed(good), lambdaContext('TableBackupsValidation', 'restore-1'));
        expect(first, JSON.stringify(first)).toMatchObject({ status: 'SUCCESSFUL' });
        expect(backup.results.filter((r) => r.restoreJobId === good)).toEqual([
          {
            restoreJobId: good,
            validationStatus: 'SUCCESSFUL',
            validationStatusMessage: expect.stringMatching(
              new RegExp(`^\\d+ checks held on ${items.length} items; not checked .*counts-per-entity`),
            ),
          },
        ]);

        // The piece's paid order lost from the copy: the sold piece has no order.
        const order = items.find(
          (item: Item) => item.kind === 'order' && item.status === 'paid' && item.productId === piece.id,
        ) as Item;
        expect(order, 'the piece’s paid order in the copy').toBeDefined();
        await db.send(
          new BatchWriteCommand({
            RequestItems: { [scratch]: [{ DeleteRequest: { Key: { pk: order.pk, sk: order.sk } } }] },
          }),
        );
        const bad = randomUUID().toUpperCase();
        backup.addRestoreJob(bad);
        const second = await validate(completed(bad), lambdaContext('TableBackupsValidation', 'restore-2'));
        expect(second).toMatchObject({ status: 'FAILED' });
        expect(backup.results.filter((r) => r.restoreJobId === bad)).toEqual([
          {
            restoreJobId: bad,
            validationStatus: 'FAILED',
            validationStatusMessage: expect.stringMatching(
              new RegExp(`^FAILED sold-piece-paid-order: sold piece ${piece.id} has no paid order`),
            ),
          },
        ]);

        // Run by hand on a real restore (docs/restore.md): nothing sent to AWS Backup, the settings
        // checked (DynamoDB Local knows no PITR: that check fails, saying so), every finding answered.
        const before = backup.results.length;
        const manual = (await validate(
          { ...completed(`manual-${scratch}`), source: 'manual' },
          lambdaContext('TableBackupsValidation', 'restore-3'),
        )) as { status: string; findings: { check: string; ok: boolean }[] };
        expect(backup.results).toHaveLength(before);
        expect(manual.status).toBe('FAILED');
        const failed = manual.findings.filter((f) => !f.ok).map((f) => f.check);
        expect(failed).toEqual(expect.arrayContaining(['sold-piece-paid-order', 'point-in-time-recovery']));
        // TTL and the stream hold (the copy was made as the stack makes the table); a checkpoint
        // published after the copy is a failure to act on here (step 7 of the runbook), when the
        // demo passports were sequenced after the scan.
        expect(
          failed.filter(
            (c) =>
              !['sold-piece-paid-order', 'point-in-time-recovery', 'passport-checkpoint-prefix'].includes(c),
          ),
        ).toEqual([]);
      } finally {
        await raw.send(new DeleteTableCommand({ TableName: scratch })).catch(() => undefined);
      }
    });
  });
});
