import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { productKey } from '#catalog/entities/keys.ts';
import { cliArgs } from '../../infra/cli-args.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { deployedBundles } from './bundles.ts';
import { currentLoad } from './machine.ts';
import { pageJs } from './page-js.ts';
import { type RendererFigures, renderLighthouseSection, withLighthouse } from './report.ts';
import { LIGHTHOUSE_FRONTS, type LighthouseResults, lighthousePages } from './web.ts';

/**
 * `npm run bench:pages`: the bench's Lighthouse part alone (issue 47's figures), on a local stack
 * of its own serving cdk.out's bundles and the pages rendered ahead of time, and the page
 * renderer's cold start as deployed; written into docs/benchmarks.md in place of that part's last
 * figures (the rest of the page stays as `npm run bench` last wrote it). Needs `npm run build:web`
 * and `npm run synth` (the npm script runs both first).
 */
cliArgs({
  usage: `usage: npm run bench:pages   (writes the Lighthouse part of docs/benchmarks.md; takes no arguments)
  knobs (environment): BENCH_RUNS (Lighthouse runs per page, 5), BENCH_WARM_RENDERS (3), CHROME_PATH, BENCH_OUT`,
});
const root = resolve(import.meta.dirname, '../..');
const out = process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks.md');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const warmRenders = Number(process.env.BENCH_WARM_RENDERS ?? 3);
const cdkOut = resolve(process.env.BENCH_CDK_OUT ?? 'cdk.out');
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const loadAtStart = currentLoad();
const RENDER_ON_CHANGE = /\/RenderOnChange\//;

const workDir = mkdtempSync(join(tmpdir(), 'boutique-bench-pages-'));
const stack = await startLocalStack({
  port: 0,
  s3Dir: join(workDir, 's3'),
  bundles: { cdkOut },
  renderedPages: true,
  log: () => undefined,
});
const say = (line: string) => process.stderr.write(`${line}\n`);
try {
  if (!stack.functionTimings || !stack.recycleFunction) throw new Error('the stack serves no bundles');
  if (stack.demoPictures.toMake > 0)
    say(`waiting for ${stack.demoPictures.toMake} demo photographs to be made or copied`);
  const photos = await stack.demoPictures.idle();
  if (photos.failed > 0) throw new Error(`${photos.failed} demo photographs could not be made`);

  // The renderer: a new price for a demo piece, through the table's stream, first to a fresh
  // instance of the render-on-change function (its cold start), then to the warm one.
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const newPrice = async (price: number) => {
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: productKey(DEMO.availableProduct),
        UpdateExpression: 'SET priceUs = :price',
        ExpressionAttributeValues: { ':price': price },
      }),
    );
    await stack.pagesIdle();
  };
  await stack.pagesIdle();
  await stack.recycleFunction(RENDER_ON_CHANGE);
  for (let i = 0; i <= warmRenders; i++) {
    await newPrice(7400 + i);
    say(`page renderer: ${i + 1} of ${warmRenders + 1} price changes rendered`);
  }
  const timings = stack.functionTimings(RENDER_ON_CHANGE);
  const [initMs, firstInvokeMs, ...warmInvokeMs] = [timings?.initMs[0], ...(timings?.invokeMs ?? [])];
  if (initMs === undefined || firstInvokeMs === undefined)
    throw new Error('the render-on-change bundle was not started: is its function in cdk.out?');
  const renderer: RendererFigures = {
    bundles: deployedBundles(cdkOut)
      .filter((b) => b.handler.startsWith('pages/'))
      .map(({ handler, bytes }) => ({ handler, bytes })),
    initMs,
    firstInvokeMs,
    warmInvokeMs,
  };
  await newPrice(7400);

  const fronts: LighthouseResults[] = [];
  for (const front of LIGHTHOUSE_FRONTS) {
    fronts.push(
      await lighthousePages(stack.url, {
        runs,
        front,
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        webRoot: join(root, 'web', 'dist'),
        log: (line) => say(`  ${line}`),
        onRun: (done, total) => say(`Lighthouse (${front}): ${done} of ${total} runs`),
      }),
    );
  }
  const measured = fronts[0]?.pages.filter((p) => p.rendered) ?? [];
  const js = await pageJs(stack.url, measured, process.env.CHROME_PATH ?? '/usr/bin/chromium');
  const rendered = renderLighthouseSection({
    value: { runs, fronts, renderer, pageJs: js, alone: { date, loadAtStart, loadAtEnd: currentLoad() } },
  });
  writeFileSync(out, withLighthouse(readFileSync(out, 'utf8'), rendered));
  console.log(rendered.section);
} finally {
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}
