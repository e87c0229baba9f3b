/**
 * Bundles every built (non-pending) route handler into dist/functions/<handler>.mjs with one
 * esbuild call, the same way the CDK stack's NodejsFunction bundles them one by one.
 * Run by `npm run build:functions`; `buildOptions()` is exported for the bundle test.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { type Route, routes } from '../functions/routes.ts';

/** The repository root (the folder holding package.json and package-lock.json). */
export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const FUNCTIONS_DIR = path.join(ROOT_DIR, 'functions');
export const OUT_DIR = path.join(ROOT_DIR, 'dist', 'functions');

/** esbuild's target for the Lambda runtime (nodejs24.x). */
export const NODE_TARGET = 'node24';

/**
 * ESM bundles have no `require`; CommonJS dependencies bundled into them call it for Node
 * built-ins. This banner gives them a real one. The import is aliased so it cannot clash with
 * an import esbuild itself emits.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __boutiqueCreateRequire } from 'node:module'; const require = __boutiqueCreateRequire(import.meta.url);";

/**
 * What every Lambda bundle is built with beyond the defaults, here and in CDK's bundling
 * (infra/constructs/api-function.ts), each explained in its shim (infra/lambda-shims/): the AWS
 * SDK's default credential chain replaced by the environment provider, the event-stream codec
 * and the endpoint-discovery cache no function uses left out, and the Node built-ins whose ES
 * module import costs a cold start loaded with `require`.
 */
export const LAMBDA_ALIASES = {
  '@aws-sdk/credential-provider-node': './infra/lambda-shims/credentials-from-env.ts',
  '@smithy/core/event-streams': './infra/lambda-shims/no-event-streams.ts',
  '@aws-sdk/middleware-endpoint-discovery': './infra/lambda-shims/no-endpoint-discovery.ts',
  ...Object.fromEntries(
    ['http', 'process', 'fs', 'fs/promises'].flatMap((name) => {
      const shim = `./infra/lambda-shims/builtins/${name.replace('/', '-')}.ts`;
      return [
        [name, shim],
        [`node:${name}`, shim],
      ];
    }),
  ),
};

/**
 * The payment providers' SDKs: not bundled, but installed beside the bundle of each function
 * that may call them (CDK `nodeModules`) and imported on first use
 * (functions/payments/providers/), so a cold start pays for them only on that path.
 */
export const PROVIDER_SDKS = ['stripe', '@paypal/paypal-server-sdk'];

/**
 * Packages with a native binary: never bundled, installed beside the bundle of the function that
 * uses them (CDK `nodeModules`) in their linux-arm64 (glibc) build for Lambda, whatever machine
 * synthesizes (infra/constructs/api-function.ts).
 */
export const NATIVE_MODULES = ['sharp'];

/**
 * The functions that load sharp, besides the picture sets' (infra/constructs/picture-sets.ts):
 * the ones that issue a passport certificate make its photographs' published copies
 * (functions/passport/adapters/photo-rendition.ts). test/infra-picture-bundle.test.ts checks
 * that every bundle in cdk.out that imports sharp has it installed beside it.
 */
export const PICTURE_MAKERS: readonly string[] = [
  'catalog/admin/products/create-product',
  'passport/admin/issue-certificate',
  'passport/jobs/issue-missing-certificates',
];

export const nativeModulesOf = (module: string): readonly string[] =>
  PICTURE_MAKERS.includes(module) ? NATIVE_MODULES : [];

/** Whether a bundle keeps the Secrets Manager client (functions/platform/handler.ts). */
export const secretsDefine = (secrets: boolean): Record<string, string> => ({
  'process.env.BOUTIQUE_SECRETS': JSON.stringify(secrets ? 'read' : 'none'),
});

/** Rows that have a handler (pending rows are documented but not built yet). */
export function builtRoutes(): Route[] {
  return routes.filter((route) => !route.pending);
}

/** Functions that serve no route and run on a schedule (EventBridge): checkout's jobs, the release sender. */
export const JOB_MODULES = [
  'checkout/jobs/mail-sweep',
  'checkout/jobs/reconcile-payments',
  'checkout/jobs/overdue-orders',
  'members/jobs/send-releases',
  // The passport log's sequencer: every minute, and started after each append (infra/stack.ts).
  'passport/jobs/sequence-log',
  // The passport job: the certificates of the pieces without one, every five minutes.
  'passport/jobs/issue-missing-certificates',
  // The release draws: closes and draws them every minute (issue 35).
  'draws/jobs/run-draws',
  // The full re-render of the public pages, daily (issue 47).
  'pages/jobs/render-all',
  // Run by hand after a table restore (issue 49, docs/restore.md), never scheduled: the payments
  // whose order the restored table lacks, and the passport log brought up to its checkpoint.
  'checkout/jobs/recover-payments',
  'passport/restore-log',
] as const;
/**
 * The jobs that read the shop secret (infra/stack.ts): the reconciliation asks the payment
 * providers; the release sender signs each member's unsubscribe link.
 */
export const JOBS_READING_SECRETS: readonly string[] = [
  'checkout/jobs/reconcile-payments',
  'members/jobs/send-releases',
  // The restore's reconciliation asks the providers for their paid payments.
  'checkout/jobs/recover-payments',
];
/**
 * Functions that serve no route and run on an AWS event: the picture sets, made when S3 tells
 * that a picture was stored (infra/constructs/picture-sets.ts). None reads the shop secret.
 */
export const EVENT_MODULES = [
  'media/jobs/make-picture-sets',
  'members/events/ses-feedback',
  'authenticity/jobs/reset-link',
  // Invoked synchronously by the handlers that need a signature (infra/constructs/passport-signer.ts).
  'passport/jobs/passport-signer',
  // The table's stream: renders the public pages a catalogue change makes stale (issue 47).
  'pages/jobs/render-on-change',
  // The table's stream: each order's form written to the order journal (issue 49).
  'checkout/jobs/journal-orders',
  // CloudFront's failover origin (its function URL): a public page not rendered yet (issue 47).
  'pages/http/render-missing',
  // AWS Backup's restore testing: validates each restored scratch table (issue 49).
  'backups/jobs/validate-restore',
] as const;

/** The source file of a route's handler: functions/<handler>.ts. */
export function handlerEntry(route: Route): string {
  return path.join(FUNCTIONS_DIR, `${route.handler}.ts`);
}

/**
 * esbuild options bundling the built handlers that read the shop secret (`secrets: true`) or the
 * others, in one call; `overrides` win (e.g. `write: false`).
 */
export function buildOptions(
  overrides: BuildOptions = {},
  secrets = false,
): BuildOptions & { metafile: true } {
  const entryPoints: Record<string, string> = {};
  for (const route of builtRoutes())
    if ((route.access.secrets === true) === secrets) entryPoints[route.handler] = handlerEntry(route);
  for (const job of JOB_MODULES)
    if (JOBS_READING_SECRETS.includes(job) === secrets)
      entryPoints[job] = path.join(FUNCTIONS_DIR, `${job}.ts`);
  if (!secrets)
    for (const module of EVENT_MODULES) entryPoints[module] = path.join(FUNCTIONS_DIR, `${module}.ts`);
  return {
    absWorkingDir: ROOT_DIR,
    entryPoints,
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    splitting: false,
    banner: { js: ESM_REQUIRE_BANNER },
    alias: { ...LAMBDA_ALIASES },
    define: secretsDefine(secrets),
    // Provider keys come from the secret, so only these functions can reach a provider.
    external: [...(secrets ? PROVIDER_SDKS : []), ...NATIVE_MODULES],
    logLevel: 'warning',
    ...overrides,
    metafile: true,
  };
}

/** Every Lambda bundle, as CDK builds them: the two groups of buildOptions, results merged. */
export async function buildAllFunctions(overrides: BuildOptions = {}) {
  const [withSecrets, without] = await Promise.all([
    build(buildOptions(overrides, true)),
    build(buildOptions(overrides, false)),
  ]);
  return {
    errors: [...withSecrets.errors, ...without.errors],
    outputFiles: [...(withSecrets.outputFiles ?? []), ...(without.outputFiles ?? [])],
    metafile: {
      inputs: { ...without.metafile.inputs, ...withSecrets.metafile.inputs },
      outputs: { ...without.metafile.outputs, ...withSecrets.metafile.outputs },
    },
  };
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** One line per bundle (source maps left out), largest first, and the total. */
export function sizeTable(metafile: Metafile): string {
  const rows = Object.entries(metafile.outputs)
    .filter(([file]) => !file.endsWith('.map'))
    .map(([file, output]) => ({
      file: path.relative(ROOT_DIR, path.resolve(ROOT_DIR, file)),
      bytes: output.bytes,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const width = Math.max(6, ...rows.map((row) => row.file.length));
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  return [
    `${'bundle'.padEnd(width)}  ${'size'.padStart(10)}`,
    ...rows.map((row) => `${row.file.padEnd(width)}  ${formatSize(row.bytes).padStart(10)}`),
    `${`total (${rows.length} bundles)`.padEnd(width)}  ${formatSize(total).padStart(10)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const missing = builtRoutes()
    .map(handlerEntry)
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `Missing handler files for non-pending routes:\n${missing.map((f) => `  ${path.relative(ROOT_DIR, f)}`).join('\n')}`,
    );
    process.exitCode = 1;
    return;
  }
  const started = performance.now();
  const result = await buildAllFunctions();
  console.log(sizeTable(result.metafile));
  console.log(
    `built in ${Math.round(performance.now() - started)} ms → ${path.relative(ROOT_DIR, OUT_DIR)}/`,
  );
}

if (import.meta.main) {
  await main();
}
