import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes.ts';
import { EVENT_MODULES, JOB_MODULES } from '../../infra/build-functions.ts';
import { lambdaContext } from '../../infra/local/api-event.ts';
import { bundleFunctions } from '../../infra/local/bundles/bundle-functions.ts';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import { startSecretsManager } from '../../infra/local/secrets-stand-in.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { api } from '../support/api.ts';
import { randomCheckoutKey } from '../support/checkout-key.ts';

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
    const functions = bundleFunctions({
      assembly,
      localEnvironment: () => ({
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url,
        STRIPE_API_BASE: inject('paymentsUrl'),
        PAYPAL_API_BASE: inject('paymentsUrl'),
        AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbUrl'),
        AWS_ENDPOINT_URL_S3: inject('s3Url'),
        AWS_ENDPOINT_URL_SESV2: inject('sesUrl'),
        S3_FORCE_PATH_STYLE: 'true',
        AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
        // The IAM check (test/iam) evaluates these bundles' calls too.
        ...(process.env.AWS_CALL_LOG ? { AWS_CALL_LOG: process.env.AWS_CALL_LOG } : {}),
      }),
    });
    afterAll(async () => {
      await functions.stop();
      await secretsManager.stop();
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
  });
});
