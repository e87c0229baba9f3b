import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { cliArgs } from '../../infra/cli-args.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { sectionProgress } from '../../infra/progress.ts';
import { bundleCount } from '../../infra/synth-progress.ts';
import { releaseDaySection, withReleaseDay } from '../load/report.ts';
import {
  buildBundles,
  composition,
  deployedBundles,
  filesOfPackage,
  ImportProbe,
  type ImportTime,
} from './bundles.ts';
import { type LoadResult, loadGateway } from './gateway-load.ts';
import { type HandlerLatency, measureHandler, poolRounds } from './handlers.ts';
import { currentLoad, describeMachine } from './machine.ts';
import { ISSUES, issuingTime } from './passport-issuing.ts';
import { firstScreenPictures, type PictureSetFigures } from './pictures.ts';
import { purchaseRouteJs } from './purchase-route.ts';
import { type BenchResults, type BundleFigures, rendererKept, renderReport } from './report.ts';
import { benchSections, bundleBuildShare, fileLog, sectionRunner } from './sections.ts';
import { LOADED_READS, storefrontCalls } from './storefront.ts';
import { longestQr, timeToVerdict, VERIFY_PHONE, verifyRouteJs } from './verify-page.ts';
import { firstLoadJs, LIGHTHOUSE_FRONTS, lighthousePages, PAGES } from './web.ts';

/**
 * `npm run bench` (not part of `npm test`): builds the Lambda bundles and times their import,
 * starts the local stack on free ports, times the storefront handlers in-process, loads the
 * local gateway with autocannon, measures the web app's first load and Lighthouse, and writes
 * docs/benchmarks.md. A part that fails is written down as not measured; the others still run.
 * The terminal shows one progress line on stderr ("bench: section 3 of 8, storefront handlers ·
 * 2 min 40 s · about 4 min left") and any section that failed; each section's own lines (its
 * figures, the local stack's start) go to .local/bench.log.
 *
 * Knobs (environment): BENCH_RUNS (Lighthouse runs per page, 5: this shared machine's CPU jitter, multiplied by Lighthouse's 4× slowdown, swings single runs), BENCH_IMPORT_RUNS (paired import
 * runs per bundle, 7: the median of 7 is what the budgets are checked against), BENCH_CALLS (timed handler calls per round, 1000),
 * BENCH_HANDLER_ROUNDS (rounds over all the handlers, 3), BENCH_LOAD_SECONDS (autocannon seconds per URL, 10), BENCH_VERIFY_LOADS (loads of /verify, first visits and repeat visits each, 100), BENCH_CONNECTIONS (10), CHROME_PATH,
 * BENCH_WEB_DIST (serve another web build than web/dist), BENCH_OUT (another output file).
 */
cliArgs({
  usage: `usage: npm run bench   (writes docs/benchmarks.md; takes no arguments)
  knobs (environment): BENCH_RUNS, BENCH_IMPORT_RUNS, BENCH_CALLS, BENCH_HANDLER_ROUNDS,
  BENCH_LOAD_SECONDS, BENCH_VERIFY_LOADS, BENCH_CONNECTIONS, CHROME_PATH, BENCH_WEB_DIST, BENCH_OUT`,
});
const root = resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  lighthouseRuns: env('BENCH_RUNS', 5),
  verifyLoads: env('BENCH_VERIFY_LOADS', 100),
  importRuns: { storefront: env('BENCH_IMPORT_RUNS', 7), other: env('BENCH_IMPORT_RUNS', 7) },
  warmup: 100,
  calls: env('BENCH_CALLS', 1000),
  handlerRounds: env('BENCH_HANDLER_ROUNDS', 3),
  loadSeconds: env('BENCH_LOAD_SECONDS', 10),
  connections: env('BENCH_CONNECTIONS', 10),
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  out: process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks.md'),
};

const LOG_FILE = join(root, '.local', 'bench.log');
/** A file as the terminal shows it: from the repository root when it is in it. */
const shown = (file: string) => (relative(root, file).startsWith('..') ? file : relative(root, file));
const log = fileLog(LOG_FILE, 'bench');
const calls = storefrontCalls();
const progress = sectionProgress(
  'bench',
  benchSections(settings, {
    bundles: bundleCount(),
    handlers: calls.length,
    loadedReads: LOADED_READS.length,
    pages: PAGES.length,
  }),
  { stream: process.stderr },
);
const attempt = sectionRunner(progress, log);

/** What `cdk deploy` would upload (`npm run bench` synthesizes it first). */
const CDK_OUT = resolve(process.env.BENCH_CDK_OUT ?? 'cdk.out');
const machine = describeMachine();
const started = performance.now();
const workDir = mkdtempSync(join(tmpdir(), 'boutique-bench-'));
log(`working in ${workDir}`);

try {
  const bundles = await attempt('bundles', async (done): Promise<BundleFigures> => {
    const built = await buildBundles(join(workDir, 'functions'));
    const bundles = deployedBundles(CDK_OUT);
    if (bundles.length === 0) throw new Error(`no bundles in ${CDK_OUT}: run npm run synth first`);
    const buildShare = bundleBuildShare(settings, bundles.length);
    done(buildShare);
    log(
      `${bundles.length} bundles from ${CDK_OUT}; built again in ${(built.buildMs / 1000).toFixed(0)} s for their composition`,
    );
    const probeDir = join(workDir, 'probe');
    mkdirSync(probeDir);
    const probe = new ImportProbe(probeDir);
    const baseline = probe.baseline(settings.importRuns.storefront);
    const imports = new Map<string, ImportTime>();
    for (const bundle of bundles) {
      const runs = bundle.storefrontRead ? settings.importRuns.storefront : settings.importRuns.other;
      imports.set(bundle.handler, probe.measure(bundle.file, runs, bundle.environment));
      done(buildShare + ((1 - buildShare) * imports.size) / bundles.length);
    }
    const biggest = bundles.find((b) => b.storefrontRead);
    const builtFile = (handler: string) => join(built.outdir, `${handler}.mjs`);
    return {
      bundles,
      buildMs: built.buildMs,
      imports,
      baseline,
      importRuns: settings.importRuns,
      ...(biggest
        ? {
            biggestRead: {
              handler: biggest.handler,
              bytes: biggest.bytes,
              packages: composition(built.metafile, builtFile(biggest.handler)),
              zodFiles: filesOfPackage(built.metafile, builtFile(biggest.handler), 'zod'),
            },
          }
        : {}),
    };
  });

  // The answers' DynamoDB request count (x-ddb-requests) is what the bench measures: opt in.
  process.env.EXPOSE_DDB_REQUEST_COUNT = 'true';
  progress.start('local stack');
  const stack = await startLocalStack({
    port: 0,
    s3Dir: join(workDir, 's3'),
    ...(process.env.BENCH_WEB_DIST ? { webRoot: process.env.BENCH_WEB_DIST } : {}),
    // As CloudFront serves them: the public pages rendered ahead of time (issue 47).
    renderedPages: true,
    log,
  });
  // The figures are of the shop with its photographs: on a machine's first run they are made now.
  const photos = await stack.demoPictures.idle();
  if (photos.failed > 0) throw new Error(`${photos.failed} demo photographs could not be made`);
  let results: BenchResults;
  try {
    const handlers = await attempt('storefront handlers', async (done) => {
      // As deployed: the local stack checks every answer against its contract, AWS does not.
      const checking = process.env.CHECK_RESPONSES;
      process.env.CHECK_RESPONSES = 'false';
      // Rounds over all the handlers, so a slow moment of the machine (or of DynamoDB Local's
      // JVM) is spread over every call rather than landing on whichever was being timed.
      const rounds = new Map<string, HandlerLatency[]>();
      let callsMeasured = 0;
      for (let round = 0; round < settings.handlerRounds; round++) {
        for (const call of calls) {
          const result = await measureHandler(call, {
            warmup: settings.warmup,
            calls: settings.calls,
            firstCall: round * (settings.warmup + settings.calls),
          });
          rounds.set(result.routeKey, [...(rounds.get(result.routeKey) ?? []), result]);
          callsMeasured += 1;
          done(callsMeasured / (settings.handlerRounds * calls.length));
        }
      }
      const measured = [...rounds.values()].map(poolRounds);
      for (const result of measured) {
        log(`  ${result.routeKey}: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`);
      }
      process.env.CHECK_RESPONSES = checking;
      return {
        results: measured.map(({ times: _, ...figures }) => figures),
        warmup: settings.warmup,
        calls: settings.calls,
        rounds: settings.handlerRounds,
      };
    });

    const gateway = await attempt('gateway load', async (done) => {
      const loaded: LoadResult[] = [];
      for (const path of LOADED_READS) {
        const call = calls.find((c) => c.route.path === path);
        if (!call) throw new Error(`no storefront read ${path}`);
        const result = await loadGateway(
          stack.url,
          `${call.route.method} /api${call.route.path}`,
          call.sample.path,
          {
            connections: settings.connections,
            seconds: settings.loadSeconds,
          },
        );
        log(`  ${result.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms`);
        loaded.push(result);
        done(loaded.length / LOADED_READS.length);
      }
      return loaded;
    });

    const firstLoad = await attempt('first-load JS', () => firstLoadJs(stack.url));
    const purchaseRoute = await attempt('purchase route JS', () =>
      purchaseRouteJs(stack.url, settings.chromePath),
    );
    const lighthouse = await attempt('Lighthouse', async (done) => {
      const fronts = [];
      for (const front of LIGHTHOUSE_FRONTS)
        fronts.push(
          await lighthousePages(stack.url, {
            runs: settings.lighthouseRuns,
            front,
            chromePath: settings.chromePath,
            webRoot: process.env.BENCH_WEB_DIST ?? join(root, 'web', 'dist'),
            log,
            onRun: (runs, total) => done((fronts.length + runs / total) / LIGHTHOUSE_FRONTS.length),
          }),
        );
      return { fronts, runs: settings.lighthouseRuns };
    });
    const verifyPage = await attempt('verify page', async (done) => {
      const { code, ...issuing } = await issuingTime(stack.url, ISSUES);
      return {
        js: verifyRouteJs(process.env.BENCH_WEB_DIST ?? join(root, 'web', 'dist')),
        qr: await longestQr(),
        issuing,
        ...(await timeToVerdict(
          { baseUrl: stack.url, s3Url: stack.s3Url, mediaBucket: stack.mediaBucket },
          {
            loads: settings.verifyLoads,
            code,
            chromePath: settings.chromePath,
            onLoad: (loads, total) => done(loads / total),
          },
        )),
        loads: settings.verifyLoads,
        viewport: VERIFY_PHONE,
      };
    });
    const pictureSet = await attempt('picture set', async () => {
      // In a process of its own, so its peak memory is the picture-set work's.
      const probe = spawnSync(process.execPath, [join(root, 'test/bench/picture-set-probe.ts')], {
        encoding: 'utf8',
        timeout: 300_000,
      });
      if (probe.status !== 0) throw new Error(probe.stderr.slice(0, 500));
      const figures = JSON.parse(probe.stdout) as PictureSetFigures;
      log(
        `  a 4000 × 3000 JPEG's set: ${(figures.ms / 1000).toFixed(1)} s, peak ${figures.peakRssMib.toFixed(0)} MiB`,
      );
      return figures;
    });
    const pictures = await attempt('first-screen pictures', async () => {
      const measured = await firstScreenPictures(stack.url, '/women/');
      const bytes = measured.downloads.reduce((sum, d) => sum + d.bytes, 0);
      log(`  /women on a phone: ${measured.downloads.length} pictures, ${(bytes / 1024).toFixed(0)} KB`);
      return measured;
    });

    results = {
      machine,
      loadAtEnd: currentLoad(),
      durationS: (performance.now() - started) / 1000,
      bundles,
      handlers,
      gateway,
      firstLoad,
      purchaseRoute,
      lighthouse,
      verifyPage,
      pictures,
      pictureSet,
    };
  } finally {
    await stack.stop();
  }
  // The release-day section is `npm run load`'s (test/load/run.ts): kept as it is; so is the page
  // renderer's part, `npm run bench:pages`'s.
  const previous = existsSync(settings.out) ? readFileSync(settings.out, 'utf8') : '';
  const report = renderReport(results, { renderer: rendererKept(previous) });
  writeFileSync(settings.out, withReleaseDay(report, releaseDaySection(previous)));
  log(`wrote ${settings.out} in ${(results.durationS / 60).toFixed(1)} min`);
  progress.finish();
  progress.log(`bench: wrote ${shown(settings.out)}; each section's own lines are in ${shown(LOG_FILE)}`);
} catch (error) {
  progress.finish(`bench: stopped (see below; each section's own lines are in ${shown(LOG_FILE)})`);
  throw error;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
