import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { routeKey } from '../../functions/routes.ts';
import { buildAllFunctions, builtRoutes, EVENT_MODULES, JOB_MODULES } from '../../infra/build-functions.ts';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import { BUDGETS, type Budget } from './budgets.ts';
import { KIB, median } from './stats.ts';
import { isStorefrontRead } from './storefront.ts';

/**
 * The Lambda bundles: built exactly as infra/build-functions.ts builds them (esbuild, minified,
 * ESM, node24, AWS SDK bundled) but into a temporary folder; their sizes, what fills them, and
 * how long a fresh Node process takes to import each one.
 */

export interface Bundle {
  handler: string;
  /** Route keys served by this handler (`GET /api/type`). */
  routes: string[];
  storefrontRead: boolean;
  file: string;
  bytes: number;
  budget: Budget;
  /** The function's environment as its template gives it (NODE_OPTIONS included). */
  environment: Record<string, string>;
}

export interface PackageShare {
  name: string;
  bytes: number;
}

export interface BuiltBundles {
  buildMs: number;
  metafile: Metafile;
  outdir: string;
}

/**
 * The bundles as CDK ships them: each function's `index.mjs` in cdk.out (after `npm run synth`),
 * with the environment its template gives it.
 */
export function deployedBundles(cdkOut: string): Bundle[] {
  const assembly = readCloudAssembly(cdkOut);
  const bundles: Bundle[] = [];
  for (const fn of assembly.functions.filter((f) => f.runtime.startsWith('nodejs'))) {
    const served = builtRoutes().filter((route) => routeKey(route) === fn.description);
    const job = [...JOB_MODULES, ...EVENT_MODULES].find((module) =>
      fn.cdkPath.includes(`/${CONSTRUCT_OF_MODULE[module]}/`),
    );
    const handler = served[0]?.handler ?? job;
    if (!handler) continue; // CDK's own helper functions (bucket deployment, log retention)
    const storefrontRead = served.some(isStorefrontRead);
    const file = path.join(fn.assetDir, 'index.mjs');
    bundles.push({
      handler,
      routes: served.length > 0 ? served.map((route) => routeKey(route)) : [fn.description],
      storefrontRead,
      file,
      bytes: statSync(file).size,
      budget: storefrontRead ? BUDGETS.storefrontBundleKib : BUDGETS.otherBundleKib,
      environment: fn.environment,
    });
  }
  return bundles.sort((a, b) => b.bytes - a.bytes);
}

/** The construct id the function of a job or event module lives under (infra/stack.ts). */
const CONSTRUCT_OF_MODULE: Record<(typeof JOB_MODULES)[number] | (typeof EVENT_MODULES)[number], string> = {
  'checkout/jobs/mail-sweep': 'MailSweep',
  'checkout/jobs/reconcile-payments': 'PaymentReconciliation',
  'checkout/jobs/overdue-orders': 'OverdueOrders',
  'members/jobs/send-releases': 'ReleaseSender',
  'media/jobs/make-picture-sets': 'PictureSets',
  'members/events/ses-feedback': 'MailFeedback',
  'authenticity/jobs/reset-link': 'ResetLink',
  'passport/jobs/passport-signer': 'PassportSigner',
  'passport/jobs/sequence-log': 'PassportLog',
  'passport/jobs/issue-missing-certificates': 'PassportCertificates',
  'draws/jobs/run-draws': 'ReleaseDraws',
  'pages/jobs/render-on-change': 'PageRendering/RenderOnChange',
  'pages/jobs/render-all': 'PageRendering/RenderAll',
  'pages/http/render-missing': 'MissingPages/RenderMissing',
  'checkout/jobs/journal-orders': 'OrderJournal/JournalOrders',
  'backups/jobs/validate-restore': 'TableBackups/Validation',
  'checkout/jobs/recover-payments': 'PaymentRecovery',
  'passport/restore-log': 'PassportLogRestore',
};

/** The same code built by infra/build-functions.ts, only for esbuild's account of what fills it. */
export async function buildBundles(outdir: string): Promise<BuiltBundles> {
  const started = performance.now();
  const result = await buildAllFunctions({ outdir, logLevel: 'warning' });
  return { buildMs: performance.now() - started, metafile: result.metafile, outdir };
}

function outputOf(metafile: Metafile, file: string): Metafile['outputs'][string] | undefined {
  const entry = Object.entries(metafile.outputs).find(([out]) => path.resolve(out) === path.resolve(file));
  return entry?.[1];
}

/** Bytes of one bundle per npm package (or per source folder for the project's own code), biggest first. */
export function composition(metafile: Metafile, file: string): PackageShare[] {
  const output = outputOf(metafile, file);
  if (!output) return [];
  const shares = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const name = match?.[1] ?? `${input.split('/').slice(0, 2).join('/')} (project)`;
    shares.set(name, (shares.get(name) ?? 0) + bytesInOutput);
  }
  return [...shares]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .filter((share) => share.bytes > 0);
}

/** The biggest files of one package inside a bundle (e.g. which parts of zod). */
export function filesOfPackage(metafile: Metafile, file: string, name: string, top = 8): PackageShare[] {
  const output = outputOf(metafile, file);
  if (!output) return [];
  return Object.entries(output.inputs)
    .filter(([input]) => input.includes(`node_modules/${name}/`))
    .map(([input, { bytesInOutput }]) => ({
      name: input.slice(input.indexOf(`node_modules/${name}/`) + 'node_modules/'.length),
      bytes: bytesInOutput,
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

export const kib = (bytes: number) => bytes / KIB;

// --- import time --------------------------------------------------------------------------------

export interface ImportTime {
  /** Median wall time of a fresh `node` process importing the bundle, in ms. */
  processMs: number;
  /** Median time of the `import()` itself, measured inside that process, in ms. */
  importMs: number;
  /** Median over runs of (bundle process time − empty-module process time), each run paired: the cold start's import cost. */
  overheadMs: number;
  /** Median over runs of (bundle process time / empty-module process time), each run paired. */
  ratio: number;
  /**
   * The same ratio of CPU time (user + system, all threads) the two processes used: steadier
   * than wall time when other work shares the cores.
   */
  cpuRatio: number;
  runs: number;
  /** Network handles (sockets, DNS look-ups) still open right after the import, in any run. */
  networkHandles: string[];
}

export interface ImportBaseline {
  processMs: number;
  importMs: number;
  cpuMs: number;
}

/**
 * Settings a Lambda has, pointed at a closed local port: importing must not call anything, and
 * if a bundle tried, it would fail fast here instead of reaching the network.
 */
const PROBE_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  TABLE_NAME: 'bench',
  MEDIA_BUCKET: 'bench-media',
  AWS_LAMBDA_LOG_LEVEL: 'WARN',
  NODE_ENV: 'production',
};

const PROBE_SOURCE = `const started = performance.now();
await import(process.argv[2]);
const importMs = performance.now() - started;
const { user, system } = process.cpuUsage();
const network = process.getActiveResourcesInfo().filter((r) => /TCP|UDP|GetAddrInfo|TLS/.test(r));
process.stdout.write(JSON.stringify({ importMs, cpuMs: (user + system) / 1000, network }));
process.exit(0);
`;

export class ImportProbe {
  readonly #probe: string;
  readonly #empty: string;

  constructor(dir: string) {
    this.#probe = path.join(dir, 'import-probe.mjs');
    this.#empty = path.join(dir, 'empty.mjs');
    writeFileSync(this.#probe, PROBE_SOURCE);
    writeFileSync(this.#empty, 'export {};\n');
  }

  #once(
    file: string,
    environment: Record<string, string> = {},
  ): { processMs: number; importMs: number; cpuMs: number; network: string[] } {
    const started = performance.now();
    // The function's own settings (NODE_OPTIONS too), its AWS endpoints pointed at a closed port.
    const child = spawnSync(process.execPath, [this.#probe, pathToFileURL(file).href], {
      env: { PATH: process.env.PATH ?? '', ...environment, ...PROBE_ENV },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const processMs = performance.now() - started;
    if (child.status !== 0) {
      throw new Error(`importing ${file} failed (${child.status}): ${child.stderr.slice(0, 2000)}`);
    }
    const answer = JSON.parse(child.stdout) as { importMs: number; cpuMs: number; network: string[] };
    return { processMs, ...answer };
  }

  /** A fresh process importing an empty module, `runs` times. */
  baseline(runs: number): ImportBaseline {
    const samples = Array.from({ length: runs }, () => this.#once(this.#empty));
    return {
      processMs: median(samples.map((s) => s.processMs)),
      importMs: median(samples.map((s) => s.importMs)),
      cpuMs: median(samples.map((s) => s.cpuMs)),
    };
  }

  /** Each run imports the empty module and then the bundle, so load swings hit both alike. */
  measure(file: string, runs: number, environment: Record<string, string> = {}): ImportTime {
    const overheads: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const processMs: number[] = [];
    const importMs: number[] = [];
    const network = new Set<string>();
    for (let i = 0; i < runs; i++) {
      const empty = this.#once(this.#empty);
      const bundle = this.#once(file, environment);
      overheads.push(bundle.processMs - empty.processMs);
      ratios.push(bundle.processMs / empty.processMs);
      cpuRatios.push(bundle.cpuMs / empty.cpuMs);
      processMs.push(bundle.processMs);
      importMs.push(bundle.importMs);
      for (const handle of bundle.network) network.add(handle);
    }
    return {
      processMs: median(processMs),
      importMs: median(importMs),
      overheadMs: median(overheads),
      ratio: median(ratios),
      cpuRatio: median(cpuRatios),
      runs,
      networkHandles: [...network],
    };
  }
}
