import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent, S3Event } from 'aws-lambda';
import type { DrandEnvironment } from '#draws/adapters/beacon.ts';
import { logPublicKey } from '#passport/adapters/kms-signer.ts';
import { PRIVATE_MEDIA_PREFIX } from '#shared/media.ts';
import { logOrigin } from '#shared/passport/checkpoint.ts';
import { mailFromHeader } from '#shared/shop-settings.ts';
import {
  JOURNAL_BATCH_SIZE,
  JOURNAL_RETRY_ATTEMPTS,
} from '../../functions/checkout/jobs/journal-batching.ts';
import type { RenderPages } from '../../functions/pages/render-port.ts';
import {
  BATCH_SIZE,
  BATCHING_WINDOW_SECONDS,
  RETRY_ATTEMPTS,
} from '../../functions/pages/stream-batching.ts';
import { runInScope } from '../../functions/platform/request-scope.ts';
import { routes } from '../../functions/routes.ts';
import { lambdaContext } from './api-event.ts';
import { type BundleFunctions, bundleFunctions, type FunctionTimings } from './bundles/bundle-functions.ts';
import { type CloudAssembly, readCloudAssembly } from './cloud-assembly.ts';
import { DEMO_ADMIN, ensureDemoAdmin } from './demo/admin.ts';
import { demoCatalogue } from './demo/catalogue.ts';
import { DEMO_PHOTO_DIR } from './demo/photos.ts';
import { type DemoPictures, pendingDemoPhotos, storeDemoPictures } from './demo-pictures.ts';
import { type DrandStandIn, startDrand } from './drand.ts';
import { createGateway, type MissingPageAnswer } from './gateway.ts';
import { startKms } from './kms.ts';
import { startLambdaStandIn } from './lambda-stand-in.ts';
import { JOURNAL_BUCKET, JOURNAL_ORDERS_FUNCTION, sourceJournalOrders } from './order-journal.ts';
import { RENDER_ON_CHANGE_FUNCTION, sourceRenderOnChange } from './page-rendering.ts';
import { startPaymentsEmulator } from './payments/emulator.ts';
import {
  PICTURE_SETS_FUNCTION,
  type PictureSetInvoker,
  pictureSetQueue,
  sourceInvoker,
} from './picture-sets.ts';
import { freePort } from './ports.ts';
import {
  ensureMailIdentity,
  ensureMailTemplates,
  ensurePassportKey,
  ensureTable,
  tableStreamArn,
} from './resources.ts';
import { startSecretsManager } from './secrets-stand-in.ts';
import { movePrivateMedia, seedIfEmpty } from './seed.ts';
import { LOCAL_SHOP_SETTINGS } from './shop-settings.ts';
import type { StartCredentials } from './stand-in-callers.ts';
import { type StandIn, startDynamoDb, startS3, startSes } from './stand-ins.ts';
import { startTableExports } from './table-export.ts';
import { type StreamInvoker, startTableStream, type TableStream } from './table-stream.ts';
import { clearRenderedPages, deployRendererFiles } from './web-deployment.ts';
import { startWitness, type WitnessFault, type WitnessStandIn } from './witness.ts';

const root = resolve(import.meta.dirname, '../..');

/** The reset-link job's function name on the local stack (its Lambda stand-in runs it). */
const RESET_LINK_JOB = 'boutique-reset-link';
/** The passport signer's function name on the local stack (its Lambda stand-in runs it). */
export const PASSPORT_SIGNER = 'boutique-passport-signer';
/** The passport log's sequencer's function name on the local stack (its Lambda stand-in runs it). */
const SEQUENCE_LOG_JOB = 'boutique-sequence-log';

/** The payment providers' keys on the local stack (the payments stand-in knows the same). */
export const LOCAL_SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_local_boutique',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local_boutique',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_boutique',
  PAYPAL_CLIENT_ID: 'local-paypal-client',
  PAYPAL_CLIENT_SECRET: 'local-paypal-secret',
  PAYPAL_WEBHOOK_ID: 'local-paypal-webhook',
  MEMBER_LINK_KEY: 'local-member-link-key-not-secret',
};

/** 3-D Secure asked above USD 10,000 locally (THREE_D_SECURE_ABOVE_CENTS), above every test piece but one made to see it. */
export const LOCAL_THREE_D_SECURE_ABOVE_CENTS = '1000000';

/** The scheduled jobs (EventBridge in AWS), run in this process: `npm start` runs them on their schedule. */
/** A job run in this process inside its function's scope, so its AWS calls are attributed (test/iam). */
const asFunction =
  (module: string, run: (input?: unknown) => Promise<unknown>) =>
  (input?: unknown): Promise<unknown> =>
    runInScope(() => run(input), module, randomUUID());

export const LOCAL_JOBS = {
  'mail-sweep': asFunction('checkout/jobs/mail-sweep', async () =>
    (await import('../../functions/checkout/jobs/mail-sweep.ts')).sweepAllMail(),
  ),
  'reconcile-payments': asFunction('checkout/jobs/reconcile-payments', async () =>
    (await import('../../functions/checkout/jobs/reconcile-payments.ts')).reconcilePayments(),
  ),
  // Not scheduled: after a restore of the table (issue 49), `JOB_INPUT='{"since":…,"until":…}'
  // npm run job recover-payments` remakes the orders paid meanwhile from the order journal.
  'recover-payments': asFunction('checkout/jobs/recover-payments', async (input?: unknown) =>
    (await import('../../functions/checkout/jobs/recover-payments.ts')).handler(
      (input ?? {}) as { since: number | string; until: number | string },
    ),
  ),
  'overdue-orders': asFunction('checkout/jobs/overdue-orders', async () =>
    (await import('../../functions/checkout/overdue-orders.ts')).countOverdueOrders(),
  ),
  'member-releases': asFunction('members/jobs/send-releases', async () =>
    (await import('../../functions/members/jobs/send-releases.ts')).sendReleases(),
  ),
  // Every minute (infra/local/start.ts): closes the release draws whose window closed, draws those
  // whose beacon round is out (issue 35).
  'run-draws': asFunction('draws/jobs/run-draws', async () =>
    (await import('../../functions/draws/jobs/run-draws.ts')).runDraws(),
  ),
  // Daily in AWS (infra/constructs/page-rendering.ts), on demand here (`npm run pages:render`):
  // every public page rendered again (issue 47).
  'render-pages': asFunction('pages/jobs/render-all', async () =>
    (await import('../../functions/pages/jobs/render-all.ts')).renderAllPages(),
  ),
  // Not scheduled: started by POST /reset-pwd (an asynchronous Lambda invocation in AWS).
  'reset-link': asFunction('authenticity/jobs/reset-link', async (input?: unknown) =>
    (await import('../../functions/authenticity/jobs/reset-link.ts')).runResetLink(input),
  ),
  // Every minute (infra/local/start.ts), and started after every append (an asynchronous
  // Lambda invocation, as in AWS): the passport log's sequencer.
  'sequence-log': asFunction('passport/jobs/sequence-log', async () =>
    (await import('../../functions/passport/jobs/sequence-log.ts')).runSequenceLog({ wait: true }),
  ),
  // Not scheduled: after a restore of the table (issue 49), the passport log brought up to its
  // published checkpoint from the published entry bundles (functions/passport/restore-log.ts). In
  // AWS a function the operator invokes by hand (infra/stack.ts PassportLogRestore; docs/restore.md).
  'restore-passport-log': asFunction('passport/restore-log', async () =>
    (await import('../../functions/passport/restore-log.ts')).restoreLogFromPublished(),
  ),
  // Every five minutes (infra/local/start.ts), and for the demo's pieces once their photographs
  // are stored (below): the certificates of the pieces without one.
  'issue-missing-certificates': asFunction(
    'passport/jobs/issue-missing-certificates',
    async (input?: unknown) =>
      (
        await import('../../functions/passport/jobs/issue-missing-certificates.ts')
      ).runIssueMissingCertificates(input),
  ),
  // Not scheduled: the local feed of SES's bounce and complaint notifications (SNS in AWS).
  'ses-feedback': asFunction('members/events/ses-feedback', async (input?: unknown) =>
    (await import('../../functions/members/events/ses-feedback.ts')).applySesFeedback(
      (input ?? {}) as Record<string, never>,
    ),
  ),
};

/**
 * The passport's signer, invoked synchronously by the functions that need a signature (the one
 * function that may kms:Sign in AWS: infra/constructs/passport-signer.ts). Not a job of
 * POST /__jobs: only a function's Invoke reaches it.
 */
const runPassportSigner = asFunction('passport/jobs/passport-signer', async (input?: unknown) =>
  (await import('../../functions/passport/jobs/passport-signer.ts')).runPassportSigner(input),
);

/** What the deployed functions are told about the stack, read from their templates. */
interface DeployedSettings {
  assembly: CloudAssembly;
  tableName: string;
  mediaBucket: string;
  privateMediaBucket: string;
  /** The web bucket the page functions write to (issue 47). */
  webBucket: string;
  /** The order journal's bucket (issue 49), when the template has the journal. */
  journalBucket?: string;
  mailTemplatePrefix: string;
  secretsArn: string;
}

function deployedSettings(cdkOut: string): DeployedSettings {
  const assembly = readCloudAssembly(cdkOut);
  const setting = (name: string) => {
    const value = assembly.functions.find((fn) => fn.environment[name])?.environment[name];
    if (!value) throw new Error(`no function in ${cdkOut} is given ${name}`);
    return value;
  };
  return {
    assembly,
    tableName: setting('TABLE_NAME'),
    mediaBucket: setting('MEDIA_BUCKET'),
    privateMediaBucket: setting('PRIVATE_MEDIA_BUCKET'),
    webBucket: setting('WEB_BUCKET'),
    ...optionalSetting(assembly, 'JOURNAL_BUCKET', 'journalBucket'),
    mailTemplatePrefix: setting('MAIL_TEMPLATE_PREFIX'),
    secretsArn: setting('SHOP_SECRETS_ARN'),
  };
}

/** A setting only newer templates give (an older cdk.out has none: the local name is used). */
function optionalSetting<K extends string>(
  assembly: CloudAssembly,
  name: string,
  as: K,
): Partial<Record<K, string>> {
  const value = assembly.functions.find((fn) => fn.environment[name])?.environment[name];
  return value ? ({ [as]: value } as Record<K, string>) : {};
}

/**
 * The deployed bundles, and a Secrets Manager stand-in holding the template's secret (with the
 * origin check CloudFront adds), so they read their keys as they will in AWS.
 */
async function startBundles(
  deployed: DeployedSettings,
  started: StandIn[],
  urls: () => { url: string; paymentsUrl: string | undefined },
) {
  const originVerify = randomBytes(24).toString('base64url');
  const secretsManager = await startSecretsManager(0, {
    [deployed.secretsArn]: { ...LOCAL_SECRETS, ORIGIN_VERIFY: originVerify },
  });
  started.push(secretsManager);
  const functions = bundleFunctions({
    assembly: deployed.assembly,
    localEnvironment: () => {
      const { url, paymentsUrl = '' } = urls();
      return {
        ...pick(process.env, [
          'AWS_SESSION_TOKEN',
          'AWS_ENDPOINT_URL_DYNAMODB',
          'AWS_ENDPOINT_URL_S3',
          'AWS_ENDPOINT_URL_SESV2',
          'AWS_ENDPOINT_URL_LAMBDA',
          'RESET_LINK_FUNCTION',
          'AWS_ENDPOINT_URL_KMS',
          'PASSPORT_KEY_ID',
          'PASSPORT_LOG_KEY_ID',
          'PASSPORT_WITNESSES',
          'PASSPORT_SIGNER_FUNCTION',
          'SEQUENCE_LOG_FUNCTION',
          'DRAND_URL',
          'DRAND_CHAIN_HASH',
          'DRAND_PUBLIC_KEY',
          'DRAND_GENESIS',
          'DRAND_PERIOD',
          'AWS_REQUEST_CHECKSUM_CALCULATION',
          'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
          'S3_FORCE_PATH_STYLE',
          'EXPOSE_DDB_REQUEST_COUNT',
          'CHECK_RESPONSES',
          'AWS_LAMBDA_LOG_LEVEL',
          'AWS_CALL_LOG',
        ]),
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url,
        SHOP_URL: url,
        STRIPE_API_BASE: paymentsUrl,
        PAYPAL_API_BASE: paymentsUrl,
        // The local deployment's 3-D Secure amount, as `-c threeDSecureAboveUsd=10000` would set it.
        THREE_D_SECURE_ABOVE_CENTS: LOCAL_THREE_D_SECURE_ABOVE_CENTS,
      };
    },
  });
  started.push({ url: '', stop: () => functions.stop() });
  return { ...functions, originVerify };
}

/** The local witness policy (docs/passport.md, Witnesses): both stand-ins must cosign, 2 of 2. */
function localWitnessPolicy(witnesses: WitnessStandIn[]): string {
  const lines = witnesses.map((witness, i) => `witness w${i + 1} ${witness.vkey} ${witness.url}`);
  return `${[...lines, `group local ${witnesses.length} ${witnesses.map((_, i) => `w${i + 1}`).join(' ')}`, 'quorum local'].join('\n')}\n`;
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (env[n] === undefined ? [] : [[n, env[n] as string]])));
}

export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. */
  port: number;
  host?: string;
  dynamoDbPort?: number;
  s3Port?: number;
  sesPort?: number;
  paymentsPort?: number;
  /** The beacon stand-in's port (default a free one) and, for a chain made at this start, its period in seconds (3). */
  drandPort?: number;
  drandPeriod?: number;
  /** Where DynamoDB Local and s3rver keep their data; without it DynamoDB runs in memory. */
  dataDir?: string;
  /** Where s3rver keeps objects when there is no dataDir. */
  s3Dir?: string;
  /** The built web app to serve at / (default web/dist). */
  webRoot?: string;
  tableName?: string;
  mediaBucket?: string;
  privateMediaBucket?: string;
  seed?: boolean;
  /**
   * Issue the demo's pieces their passports in the background as their photographs are stored
   * (`npm start`). Off for the tests' stacks: a suite that compares the table before and after a
   * call must not see a certificate appear meanwhile; test/integration/demo.test.ts runs the job.
   */
  demoPassports?: boolean;
  log?: (line: string) => void;
  /**
   * Serve the API from the deployed bundles of a synthesized cloud assembly (`cdk.out`) instead
   * of the source: each function in its own process as Lambda runs it, with its template's
   * handler, environment and names, behind a gateway that acts as CloudFront and API Gateway.
   */
  bundles?: { cdkOut: string };
  /** Append every AWS call the functions make to this file, one JSON line each (test/iam checks them). */
  awsCallLog?: string;
  /**
   * Check every answer of the API and the public files against the OpenAPI documents and append
   * its record to this file, one JSON line each (test/api checks them after the suites): also
   * the stacks a test starts of its own in the run (API_ANSWER_LOG).
   */
  answerLog?: string;
  /**
   * Serve the public pages rendered ahead of time (issue 47) at their canonical addresses, from
   * the web bucket (rendered when first asked, again on every catalogue change through the
   * table's stream), as CloudFront does: `npm start` and the bench do. Off for the tests' shared
   * stack, whose tests change the catalogue and look at once (a rendered page shows a change
   * after the stream's batching window); test/e2e/rendered-pages.test.ts runs a stack with it.
   */
  renderedPages?: boolean;
  /**
   * Where to write this start's job token (owner-only), for `npm run job`; the token is also in
   * the LocalStack returned. Jobs run only with it (infra/local/gateway.ts, jobRefusal).
   */
  jobTokenFile?: string;
  /**
   * The renderer the table stream's function renders with (issue 47): a test's recording one, or
   * the renderer until functions/pages/app/render-pages.ts is wired; default that module's.
   */
  renderPages?: RenderPages;
  /** Read the table's stream into the render-on-change function (default true). */
  tableStream?: boolean;
}

export interface LocalStack {
  url: string;
  dynamoDbUrl: string;
  /**
   * DynamoDB with its export to S3, import from S3 and point-in-time recovery setting answered
   * (infra/local/table-export.ts): what the restore drill's client is pointed at.
   */
  tableExportsUrl: string;
  /** Where the drill's exports are written (the local S3). */
  backupsBucket: string;
  s3Url: string;
  sesUrl: string;
  paymentsUrl: string;
  /** The KMS stand-in (infra/local/kms.ts) and Lambda's Invoke stand-in. */
  kmsUrl: string;
  lambdaUrl: string;
  /** The randomness beacon's stand-in (infra/local/drand.ts) and its chain, as the functions get them. */
  drandUrl: string;
  drand: DrandEnvironment;
  /** Switches the beacon stand-in's faults (tests). */
  setDrandFault: DrandStandIn['setFault'];
  /** The passport's signing key in the KMS stand-in, as the functions get it. */
  passportKeyId: string;
  /** The log's Ed25519 checkpoint key in the KMS stand-in (PASSPORT_LOG_KEY_ID). */
  passportLogKeyId: string;
  /** The two witness stand-ins (infra/local/witness.ts) of the log's policy, 2 of 2 (PASSPORT_WITNESSES). */
  witnesses: { name: string; url: string; vkey: string }[];
  /** Takes a witness down (503) or up again (tests). */
  setWitnessFault(index: number, fault: WitnessFault | null): void;
  /** The functions' session token of this start (AWS_SESSION_TOKEN): the Lambda and KMS stand-ins require it. */
  awsSessionToken: string;
  tableName: string;
  mediaBucket: string;
  privateMediaBucket: string;
  /** The secret POST /__jobs/<name> needs (`authorization: Bearer <jobToken>`). */
  jobToken: string;
  seeded?: { items: number; media: number };
  /**
   * The demo photographs being stored in the background (made first when the machine's cache
   * lacks them); the shop answers meanwhile. `POST /__jobs/demo-pictures` waits for them.
   */
  demoPictures: DemoPictures;
  /** Resolves once every function started asynchronously so far (the reset links) has run. */
  asyncJobsIdle(): Promise<void>;
  /** Resolves once every picture set the buckets' ObjectCreated events asked for so far is made. */
  pictureSetsIdle(): Promise<void>;
  /**
   * Resolves once every table change written so far has been handed to the render-on-change
   * function and answered (at once when the stack reads no stream).
   */
  pagesIdle(): Promise<void>;
  /** The table stream's reader (batches delivered, records given up), when it runs. */
  tableStream?: TableStream;
  /** The order journal's reader of the table stream (issue 49), when the stream is read. */
  journalStream?: TableStream;
  /** The order journal's bucket (issue 49). */
  journalBucket: string;
  /**
   * Serving cdk.out's bundles: a deployed function's starts and invocations so far (by the
   * template's resource path, e.g. /RenderOnChange/), for the bench's cold starts.
   */
  functionTimings?: (cdkPath: RegExp) => FunctionTimings | undefined;
  /** Serving cdk.out's bundles: ends a deployed function's instance (its next invocation is a cold start). */
  recycleFunction?: (cdkPath: RegExp) => Promise<void>;
  stop(): Promise<void>;
}

const s3Client = () => new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

/** The shop's own origin, as a browser on this machine spells it (both loopback names). */
function shopOrigins(host: string, port: number): string[] {
  return host === '127.0.0.1'
    ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
    : [`http://${host}:${port}`];
}

/**
 * The buckets' CORS, as the stack's buckets in AWS (infra/stack.ts, mediaBucketProps): the
 * admin's browser uploads pictures with presigned PUTs from the shop's origin — to the public
 * bucket, and authenticity photos to the private one — so each allows the shop's origin (only)
 * to PUT and GET, with the headers of an upload; a page from elsewhere gets no allowance. The
 * signature is the guard of a PUT; the private bucket's objects are read only through signed
 * links. Set over S3's own API once the shop's port is known; a configuration kept from an
 * earlier start (.local/data) is replaced.
 */
async function setBucketCors(
  s3: S3Client,
  buckets: { public: string; private: string; shopOrigins: string[] },
): Promise<void> {
  for (const bucket of [buckets.public, buckets.private]) {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: buckets.shopOrigins,
              AllowedMethods: ['PUT', 'GET'],
              AllowedHeaders: ['content-type', 'content-length'],
              MaxAgeSeconds: 600,
            },
          ],
        },
      }),
    );
  }
}

/**
 * The picture-set function of a synthesized cloud assembly, invoked from its bundle; undefined
 * when the template has none yet (the source handler runs instead).
 */
function bundledPictureSets(
  deployed: DeployedSettings,
  bundles: Pick<BundleFunctions, 'byDescription'>,
): PictureSetInvoker | undefined {
  const fn = deployed.assembly.functions.find(
    (f) => /picture.?set/i.test(f.description) || /PictureSet/i.test(f.cdkPath),
  );
  if (!fn) return undefined;
  const invoke = bundles.byDescription(fn.description);
  return (event: S3Event, requestId: string) =>
    invoke(
      event as unknown as Record<string, unknown>,
      lambdaContext(PICTURE_SETS_FUNCTION, requestId, fn.timeoutSeconds * 1000),
    );
}

/**
 * The render-on-change function of a synthesized cloud assembly, invoked from its bundle;
 * undefined when the template has none (the source handler runs instead).
 */
function bundledRenderOnChange(
  deployed: DeployedSettings,
  bundles: Pick<BundleFunctions, 'byDescription'>,
): StreamInvoker | undefined {
  const fn = deployed.assembly.functions.find((f) => /RenderOnChange/.test(f.cdkPath));
  if (!fn) return undefined;
  const invoke = bundles.byDescription(fn.description);
  return async (event: DynamoDBStreamEvent, requestId: string) =>
    (await invoke(
      event as unknown as Record<string, unknown>,
      lambdaContext(RENDER_ON_CHANGE_FUNCTION, requestId, fn.timeoutSeconds * 1000),
    )) as Awaited<ReturnType<StreamInvoker>>;
}

/**
 * The order journal's function of a synthesized cloud assembly, invoked from its bundle;
 * undefined when the template has none (the source handler runs instead).
 */
function bundledJournalOrders(
  deployed: DeployedSettings,
  bundles: Pick<BundleFunctions, 'byDescription'>,
): StreamInvoker | undefined {
  const fn = deployed.assembly.functions.find((f) => /JournalOrders/.test(f.cdkPath));
  if (!fn) return undefined;
  const invoke = bundles.byDescription(fn.description);
  return async (event: DynamoDBStreamEvent, requestId: string) =>
    (await invoke(
      event as unknown as Record<string, unknown>,
      lambdaContext(JOURNAL_ORDERS_FUNCTION, requestId, fn.timeoutSeconds * 1000),
    )) as Awaited<ReturnType<StreamInvoker>>;
}

/**
 * The demo's pieces get their passports after their photographs (docs/passport.md, Certificates):
 * the passport job, for the demo's pieces only (a test's own pieces are left as the test made
 * them), right away and again each time an authenticity photograph is stored (on a machine's
 * first start, before anything else and before its set: in the first seconds); a piece whose
 * photographs are not all stored yet waits for a later run. One run at a time: what asks
 * meanwhile runs once after it.
 */
function demoPassports(log: (line: string) => void): { run(): void; stop(): void } {
  const pieces = demoCatalogue()
    .items.filter((item) => item.kind === 'product')
    .map((item) => String(item.id));
  let running = false;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void LOCAL_JOBS['issue-missing-certificates']({ pieces })
      .then((result) => {
        const { issued } = result as { issued: number };
        if (issued > 0 && !stopped) log(`issued the passports of ${issued} demo pieces`);
      })
      .catch((error: unknown) => {
        if (!stopped) log(`the demo's passports: ${(error as Error).message}`);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  run();
  return {
    run,
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Starts the stand-ins, points the AWS SDK at them through its standard endpoint variables
 * (exactly as LocalStack or AWS would be configured), creates the table and bucket, loads the
 * demo catalogue when the table is empty, and serves web + API through the local gateway.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  if (options.awsCallLog) process.env.AWS_CALL_LOG = options.awsCallLog;
  if (options.answerLog) process.env.API_ANSWER_LOG = options.answerLog;
  const host = options.host ?? '127.0.0.1';
  const deployed = options.bundles ? deployedSettings(options.bundles.cdkOut) : undefined;
  const tableName = deployed?.tableName ?? options.tableName ?? 'boutique';
  const mediaBucket = deployed?.mediaBucket ?? options.mediaBucket ?? 'boutique-media';
  const webBucket = deployed?.webBucket ?? WEB_BUCKET;
  const journalBucket = deployed?.journalBucket ?? JOURNAL_BUCKET;
  const privateMediaBucket =
    deployed?.privateMediaBucket ?? options.privateMediaBucket ?? 'boutique-private-media';
  const started: StandIn[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
  };

  try {
    const dynamoPort = options.dynamoDbPort || (await freePort());
    log(`starting DynamoDB Local on ${dynamoPort}`);
    const dynamo = await startDynamoDb(dynamoPort, options.dataDir && join(options.dataDir, 'dynamodb'));
    started.push(dynamo);
    const s3Dir = options.dataDir ? join(options.dataDir, 's3') : options.s3Dir;
    if (!s3Dir) throw new Error('give dataDir or s3Dir');
    // S3's ObjectCreated notifications → the picture-set function. Which function runs is known
    // once the bundles (if any) are started; events that come before (seeding) wait for it.
    let chooseInvoker: (invoker: PictureSetInvoker) => void = () => undefined;
    const invoker = new Promise<PictureSetInvoker>((done) => {
      chooseInvoker = done;
    });
    // The demo's photographs stored before their sets (the authenticity ones) have them made by
    // the demo's render pool: set once that is under way (below).
    let demoMakesSetOf: (key: string) => boolean = () => false;
    const pictureSets = pictureSetQueue({
      mediaBucket,
      privateMediaBucket,
      invoke: async (event, requestId) => (await invoker)(event, requestId),
      log: (line) => log(line),
      leave: (key) => demoMakesSetOf(key),
    });
    const s3 = await startS3(
      options.s3Port ?? 0,
      s3Dir,
      [mediaBucket, privateMediaBucket, webBucket, BACKUPS_BUCKET, journalBucket],
      (event) => pictureSets.notify(event),
    );
    started.push(s3);
    started.push({
      url: '',
      stop: () => {
        // A stack that fails to start never chose its function: what waits for one does nothing.
        chooseInvoker(async () => undefined);
        return pictureSets.stop();
      },
    });
    const ses = await startSes(options.sesPort ?? 0, options.dataDir && join(options.dataDir, 'ses.json'));
    started.push(ses);
    // The functions' credentials: s3rver's key pair, and a session token of this start that the
    // Lambda and KMS stand-ins require, signed into every call (./stand-in-callers.ts).
    const credentials: StartCredentials = {
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      sessionToken: randomBytes(32).toString('base64url'),
    };
    // DynamoDB's export to S3 / import from S3 and point-in-time recovery setting (the restore
    // drill, issue 49), in front of DynamoDB Local; the rest of DynamoDB goes straight to it.
    const tableExports = await startTableExports({
      dynamoDbUrl: dynamo.url,
      s3Url: s3.url,
      credentials,
      ...(options.dataDir ? { stateFile: join(options.dataDir, 'table-settings.json') } : {}),
    });
    started.push(tableExports);
    // Lambda's Invoke API, for the functions a function starts (the reset link, after /reset-pwd's answer).
    const lambda = await startLambdaStandIn(
      {
        [RESET_LINK_JOB]: LOCAL_JOBS['reset-link'],
        [PASSPORT_SIGNER]: runPassportSigner,
        // Started after an append: ends at once while another run works, as in AWS.
        [SEQUENCE_LOG_JOB]: asFunction('passport/jobs/sequence-log', async () =>
          (await import('../../functions/passport/jobs/sequence-log.ts')).runSequenceLog(),
        ),
      },
      { credentials, log },
    );
    started.push(lambda);
    // KMS's signing keys (the passport's), kept beside the other stand-ins' data.
    const kms = await startKms(0, options.dataDir && join(options.dataDir, 'kms.json'), credentials);
    started.push(kms);
    // The randomness beacon of the release draw (drand's HTTP API), its chain kept with the data.
    const drand = await startDrand(options.drandPort ?? 0, {
      stateFile: options.dataDir && join(options.dataDir, 'drand.json'),
      ...(options.drandPeriod ? { period: options.drandPeriod } : {}),
    });
    started.push(drand);
    // Two transparency-log witnesses (C2SP tlog-witness), each with its key and state kept with the data.
    const witnesses: WitnessStandIn[] = [];
    for (const n of [1, 2]) {
      const witness = await startWitness(0, {
        name: `witness-${n}.boutique.local`,
        stateFile: options.dataDir && join(options.dataDir, `witness-${n}.json`),
      });
      started.push(witness);
      witnesses.push(witness);
    }
    const drandEnvironment: DrandEnvironment = {
      DRAND_URL: drand.url,
      DRAND_CHAIN_HASH: drand.info.hash,
      DRAND_PUBLIC_KEY: drand.info.public_key,
      DRAND_GENESIS: String(drand.info.genesis_time),
      DRAND_PERIOD: String(drand.info.period),
    };

    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: credentials.sessionToken,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      AWS_ENDPOINT_URL_LAMBDA: lambda.url,
      AWS_ENDPOINT_URL_KMS: kms.url,
      RESET_LINK_FUNCTION: RESET_LINK_JOB,
      PASSPORT_SIGNER_FUNCTION: PASSPORT_SIGNER,
      SEQUENCE_LOG_FUNCTION: SEQUENCE_LOG_JOB,
      PASSPORT_WITNESSES: localWitnessPolicy(witnesses),
      ...drandEnvironment,
      // The jobs the stand-ins run in this process (the reset link) mail with the templates this
      // stack created: the deployed prefix when serving the deployed bundles.
      ...(deployed?.mailTemplatePrefix ? { MAIL_TEMPLATE_PREFIX: deployed.mailTemplatePrefix } : {}),
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME: tableName,
      MEDIA_BUCKET: mediaBucket,
      PRIVATE_MEDIA_BUCKET: privateMediaBucket,
      WEB_BUCKET: webBucket,
      JOURNAL_BUCKET: journalBucket,
      // The handlers' DynamoDB request count, as x-ddb-requests on every answer: only for the
      // stacks that measure it (the tests, the bench, the load run set it), never for `npm start`.
      EXPOSE_DDB_REQUEST_COUNT: process.env.EXPOSE_DDB_REQUEST_COUNT === 'true' ? 'true' : 'false',
      CHECK_RESPONSES: 'true',
      MAIL_FROM: mailFromHeader(LOCAL_SHOP_SETTINGS),
      SHOP_NAME: LOCAL_SHOP_SETTINGS.name,
      SUPPORT_EMAIL: LOCAL_SHOP_SETTINGS.supportEmail,
      ORDERS_EMAIL: LOCAL_SHOP_SETTINGS.ordersEmail,
      SISTER_SITES: JSON.stringify(LOCAL_SHOP_SETTINGS.sisterSites),
      AWS_LAMBDA_LOG_LEVEL: process.env.AWS_LAMBDA_LOG_LEVEL ?? 'WARN',
    });

    const dynamoClient = new DynamoDBClient({});
    if ((await ensureTable(dynamoClient, tableName)) === 'created') log(`created table ${tableName}`);
    await ensureMailTemplates(new SESv2Client({}), deployed?.mailTemplatePrefix);
    const mailFrom = LOCAL_SHOP_SETTINGS.mailFrom;
    await ensureMailIdentity(new SESv2Client({}), ses.url, mailFrom.slice(mailFrom.lastIndexOf('@') + 1));
    // The passport's signing key: made at the first start, kept with the data (as CDK's in AWS).
    const passportKey = await ensurePassportKey(new KMSClient({}));
    if (passportKey.created) log(`created the passport's signing key ${passportKey.keyId} in the local KMS`);
    process.env.PASSPORT_KEY_ID = passportKey.keyId;
    const logKey = await ensurePassportKey(new KMSClient({}), true);
    if (logKey.created) log(`created the passport log's checkpoint key ${logKey.keyId} in the local KMS`);
    process.env.PASSPORT_LOG_KEY_ID = logKey.keyId;
    let seeded: { items: number; media: number } | undefined;
    // A start stopped before its photographs were all stored left their keys here.
    const pendingFile = options.dataDir && join(options.dataDir, 'demo-pictures-pending.json');
    let photos = pendingDemoPhotos(pendingFile);
    if (options.seed !== false) {
      if (await ensureDemoAdmin()) log(`created the demo admin "${DEMO_ADMIN.username}" (see README)`);
      const moved = await movePrivateMedia(s3Client(), mediaBucket, privateMediaBucket);
      if (moved > 0) log(`moved ${moved} authenticity photos to the private bucket ${privateMediaBucket}`);
      const catalogue = await seedIfEmpty(DynamoDBDocumentClient.from(dynamoClient), s3Client(), tableName, {
        public: mediaBucket,
        private: privateMediaBucket,
      });
      if (catalogue) {
        seeded = { items: catalogue.items, media: catalogue.media };
        photos = catalogue.photos;
      }
      log(
        seeded
          ? `loaded the demo catalogue: ${seeded.items} items; its films stored, its photographs next`
          : 'the table already holds a catalogue: kept as it is (delete .local/data/ to start over)',
      );
    }
    const demoPictures = storeDemoPictures(photos, {
      s3: s3Client(),
      buckets: { public: mediaBucket, private: privateMediaBucket },
      pendingFile,
      log,
    });
    started.push({ url: '', stop: async () => demoPictures.stop() });
    demoMakesSetOf = (key) => demoPictures.makesSetOf(key);
    if (demoPictures.toMake > 0) {
      log(
        `making ${demoPictures.toMake} of the ${demoPictures.total} demo photographs and their picture sets in the background, most-seen first (first start on this machine; kept in ${DEMO_PHOTO_DIR}): pages show a placeholder until theirs is stored`,
      );
    }

    let paymentsUrl: string | undefined;
    let url = '';
    const webRoot = options.webRoot ?? join(root, 'web', 'dist');
    const jobToken = randomBytes(24).toString('base64url');
    if (options.jobTokenFile) {
      mkdirSync(dirname(options.jobTokenFile), { recursive: true });
      writeFileSync(options.jobTokenFile, `${jobToken}\n`, { mode: 0o600 });
      chmodSync(options.jobTokenFile, 0o600);
    }
    const bundles = deployed && (await startBundles(deployed, started, () => ({ url, paymentsUrl })));
    const bundled = deployed && bundles && bundledPictureSets(deployed, bundles);
    if (deployed && !bundled)
      log('cdk.out has no picture-set function: picture sets are made from the source');
    chooseInvoker(bundled ?? sourceInvoker);
    const answerLog = process.env.API_ANSWER_LOG;
    const observe = answerLog ? (await import('../api/conformance.ts')).answerRecorder(answerLog) : undefined;
    const server: Server = createGateway({
      routes,
      ...(observe ? { observe } : {}),
      functionsDir: join(root, 'functions'),
      ...(bundles
        ? {
            handlerFor: (route) => bundles.forRoute(route),
            cloudFront: { originVerify: bundles.originVerify },
          }
        : {}),
      webRoot,
      shop: LOCAL_SHOP_SETTINGS,
      media: { endpoint: s3.url, bucket: mediaBucket },
      ...(options.renderedPages
        ? {
            pages: {
              endpoint: s3.url,
              bucket: webBucket,
              renderMissing: renderMissingPage,
            },
          }
        : {}),
      payments: () => paymentsUrl,
      jobToken,
      jobs: {
        ...LOCAL_JOBS,
        // Not scheduled: waits until the picture sets of every picture stored so far are made.
        'picture-sets': async () => {
          await pictureSets.idle();
          return pictureSets.counts();
        },
        // Not scheduled: waits (up to `seconds`, 50 by default) for the demo photographs.
        'demo-pictures': async (input?: unknown) => {
          const seconds = Math.min(Number((input as { seconds?: unknown })?.seconds ?? 50) || 50, 240);
          const timeout = new Promise<'waiting'>((done) =>
            setTimeout(done, seconds * 1000, 'waiting').unref(),
          );
          const state = await Promise.race([demoPictures.idle().then(() => 'done' as const), timeout]);
          return {
            done: state === 'done',
            total: demoPictures.total,
            stored: demoPictures.stored(),
            failed: demoPictures.failed(),
          };
        },
      },
    });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port, host, () => done());
    });
    started.push({
      url: '',
      stop: () =>
        new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    });
    const address = server.address() as { port: number };
    url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}`;
    // The rendered pages' canonical and preview addresses (functions/pages/app/page-site.ts).
    process.env.SHOP_ORIGIN = url;
    // What the page renderer reads of the web build (index.html, the style sheets), in the web bucket.
    if (existsSync(join(webRoot, 'index.html')))
      await deployRendererFiles(s3Client(), webBucket, webRoot, LOCAL_SHOP_SETTINGS);
    if (options.renderedPages) {
      const removed = await clearRenderedPages(s3Client(), webBucket);
      if (removed > 0)
        log(`${removed} pages rendered by a former start removed: each is rendered again when first asked`);
    }
    await setBucketCors(s3Client(), {
      public: mediaBucket,
      private: privateMediaBucket,
      shopOrigins: shopOrigins(host, address.port),
    });

    // The payment providers' stand-in; the real SDKs reach it through their base-URL settings.
    const secrets = LOCAL_SECRETS;
    const payments = await startPaymentsEmulator({
      stateFile: options.dataDir && join(options.dataDir, 'payments.json'),
      port: options.paymentsPort ?? 0,
      host,
      stripeWebhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
      stripeWebhookUrl: `http://${host}:${address.port}/api/webhooks/stripe`,
      paypalWebhookUrl: `http://${host}:${address.port}/api/webhooks/paypal`,
      paypalWebhookId: secrets.PAYPAL_WEBHOOK_ID,
      stripeSecretKey: secrets.STRIPE_SECRET_KEY,
      stripePublishableKey: secrets.STRIPE_PUBLISHABLE_KEY,
      paypalClientId: secrets.PAYPAL_CLIENT_ID,
      paypalClientSecret: secrets.PAYPAL_CLIENT_SECRET,
    });
    started.push(payments);
    paymentsUrl = payments.url;
    Object.assign(process.env, secrets, {
      SHOP_URL: url,
      STRIPE_API_BASE: payments.url,
      PAYPAL_API_BASE: payments.url,
      PAYPAL_ENVIRONMENT: 'sandbox',
      // Locally 3-D Secure is asked above USD 10,000: the tests' pieces (USD 4,200 at most) pass without it.
      THREE_D_SECURE_ABOVE_CENTS: LOCAL_THREE_D_SECURE_ABOVE_CENTS,
    });
    // The witnesses trust the shop's log (its origin names the shop's host) and its key.
    const logPublic = await logPublicKey(logKey.keyId);
    for (const witness of witnesses) await witness.trust(logOrigin(url), logPublic);
    // The table's stream → the render-on-change function, batched as the event source mapping in
    // AWS (functions/pages/stream-batching.ts); from now on: the catalogue as loaded is the full
    // re-render's (`npm run pages:render`).
    let tableStream: TableStream | undefined;
    if (options.tableStream !== false) {
      const bundledStream =
        !options.renderPages && deployed && bundles && bundledRenderOnChange(deployed, bundles);
      tableStream = await startTableStream({
        endpoint: dynamo.url,
        streamArn: await tableStreamArn(dynamoClient, tableName),
        invoke: bundledStream || sourceRenderOnChange(options.renderPages),
        batchSize: BATCH_SIZE,
        batchingWindowMs: BATCHING_WINDOW_SECONDS * 1000,
        retryAttempts: RETRY_ATTEMPTS,
        credentials,
        log,
      });
      started.push({ url: '', stop: () => (tableStream as TableStream).stop() });
    }
    // The same stream → the order journal (issue 49): a second event source mapping in AWS,
    // reading on its own, so a slow render never holds the journal back (nor the reverse).
    let journalStream: TableStream | undefined;
    if (options.tableStream !== false) {
      const bundledJournal = deployed && bundles && bundledJournalOrders(deployed, bundles);
      journalStream = await startTableStream({
        endpoint: dynamo.url,
        streamArn: await tableStreamArn(dynamoClient, tableName),
        invoke: bundledJournal || sourceJournalOrders(),
        batchSize: JOURNAL_BATCH_SIZE,
        batchingWindowMs: 0,
        retryAttempts: JOURNAL_RETRY_ATTEMPTS,
        credentials,
        log,
      });
      started.push({ url: '', stop: () => (journalStream as TableStream).stop() });
    }
    if (options.seed !== false && options.demoPassports) {
      const passports = demoPassports(log);
      started.push({ url: '', stop: async () => passports.stop() });
      demoPictures.onOriginalStored((keys) => {
        if (keys.some((key) => key.startsWith(PRIVATE_MEDIA_PREFIX))) passports.run();
      });
    }
    return {
      url,
      paymentsUrl: payments.url,
      dynamoDbUrl: dynamo.url,
      tableExportsUrl: tableExports.url,
      backupsBucket: BACKUPS_BUCKET,
      s3Url: s3.url,
      sesUrl: ses.url,
      kmsUrl: kms.url,
      lambdaUrl: lambda.url,
      drandUrl: drand.url,
      drand: drandEnvironment,
      setDrandFault: (fault) => drand.setFault(fault),
      passportKeyId: passportKey.keyId,
      passportLogKeyId: logKey.keyId,
      witnesses: witnesses.map(({ name, url, vkey }) => ({ name, url, vkey })),
      setWitnessFault: (index, fault) => witnesses[index]?.setFault(fault),
      awsSessionToken: credentials.sessionToken,
      tableName,
      mediaBucket,
      privateMediaBucket,
      jobToken,
      ...(seeded ? { seeded } : {}),
      demoPictures,
      pictureSetsIdle: () => pictureSets.idle(),
      pagesIdle: () => tableStream?.idle() ?? Promise.resolve(),
      ...(tableStream ? { tableStream } : {}),
      ...(journalStream ? { journalStream } : {}),
      journalBucket,
      ...(deployed && bundles
        ? {
            functionTimings: (cdkPath: RegExp) => {
              const fn = deployed.assembly.functions.find((f) => cdkPath.test(f.cdkPath));
              return fn && bundles.timings(fn.description);
            },
            recycleFunction: async (cdkPath: RegExp) => {
              const fn = deployed.assembly.functions.find((f) => cdkPath.test(f.cdkPath));
              if (fn) await bundles.recycle(fn.description);
            },
          }
        : {}),
      asyncJobsIdle: () => lambda.idle(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The local bucket of the table's exports (the restore drill, issue 49). */
export const BACKUPS_BUCKET = 'boutique-backups';

export { JOURNAL_BUCKET };

/** The web bucket of the local stack: the pages rendered ahead of time (issue 47). */
export const WEB_BUCKET = 'boutique-web';

/** The edge's on-demand renderer (functions/pages/http/render-missing.ts), as its functions' calls are recorded (test/iam). */
export const RENDER_MISSING_FUNCTION = 'pages/http/render-missing';

/**
 * A key the web bucket does not hold: answered by the edge's failover origin, the on-demand
 * renderer's own handler, with the event its function URL would be given.
 */
async function renderMissingPage(key: string, method: string): Promise<MissingPageAnswer> {
  const { handler } = await import('../../functions/pages/http/render-missing.ts');
  const requestId = randomUUID();
  const now = Date.now();
  const path = `/${key}`;
  const result = await handler(
    {
      version: '2.0',
      routeKey: '$default',
      rawPath: path,
      rawQueryString: '',
      headers: {},
      requestContext: {
        accountId: 'anonymous',
        apiId: 'local-function-url',
        domainName: 'localhost',
        domainPrefix: 'localhost',
        http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'Amazon CloudFront' },
        requestId,
        routeKey: '$default',
        stage: '$default',
        time: new Date(now).toISOString(),
        timeEpoch: now,
      },
      isBase64Encoded: false,
    },
    lambdaContext(RENDER_MISSING_FUNCTION, requestId, 20_000),
  );
  return {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    ),
    body: result.body ?? '',
  };
}
