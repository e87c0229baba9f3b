import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { productKey, productKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import { staleBoundOf } from '#shared/edge-cache.ts';
import { cliArgs } from '../../infra/cli-args.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { sectionProgress } from '../../infra/progress.ts';
import { fileLog } from '../bench/sections.ts';
import type { CrowdFigures, CrowdOptions } from './crowd.ts';
import { type AccessLine, type EdgeCache, startEdgeCache } from './edge-cache.ts';
import { type LoadResults, originFigures, writeResults } from './report.ts';
import {
  buyByCard,
  buyByPaypal,
  call,
  confirmCard,
  newBuyer,
  type Purchase,
  startCard,
  successPage,
} from './shoppers.ts';
import { type Page, walkTo } from './walk.ts';

/**
 * `npm run load` (not part of `npm test`): the release-day load test. Starts the local stack
 * with the demo catalogue and nginx in front of it, configured like the CloudFront behaviours
 * (test/load/edge-cache.ts), then:
 *
 * 1. today: the crowd of shoppers walks /women → collection → product → purchase page with every
 *    call passed through to the origin (CloudFront's /api behaviour today: caching disabled);
 * 2. with the cache: a warm-up, then the crowd again while 200 shoppers race for the one new
 *    piece (POST /secret at once, from their own addresses; the winner pays by card and the
 *    stand-in's signed webhook sells it) and others pay by card and by PayPal for other pieces;
 *    then GET /is-sold through the cache is polled until it shows the new piece sold.
 *
 * Writes the "Release day" section of docs/benchmarks.md and docs/capacity.md. Knobs
 * (environment): LOAD_SHOPPERS (crowd connections, 100), LOAD_RATE (the crowd's requests per
 * second in all, 1000: a steady release-day minute rather than this machine's saturation; 0 for
 * as fast as answered), LOAD_SECONDS (the crowd with the cache,
 * 40), LOAD_TODAY_SECONDS (without, 15), LOAD_WARMUP_SECONDS (5), LOAD_RACERS (200),
 * LOAD_CARD_BUYERS and LOAD_PAYPAL_BUYERS (8 each), LOAD_DRY (1: print, write nothing).
 *
 * The terminal shows one progress line on stderr ("load: phase 5 of 7, release day · 52 s · about
 * 20 s left"); each phase's own lines (the local stack's start, the race, the purchases) go to
 * .local/load.log.
 */
cliArgs({
  usage: `usage: npm run load   (writes docs/benchmarks.md's release day and docs/capacity.md; takes no arguments)
  knobs (environment): LOAD_SHOPPERS, LOAD_RATE, LOAD_SECONDS, LOAD_TODAY_SECONDS, LOAD_WARMUP_SECONDS,
  LOAD_RACERS, LOAD_CARD_BUYERS, LOAD_PAYPAL_BUYERS, LOAD_DRY=1 (print, write nothing)`,
});
const root = resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  shoppers: env('LOAD_SHOPPERS', 100),
  rate: env('LOAD_RATE', 1000),
  seconds: env('LOAD_SECONDS', 40),
  todaySeconds: env('LOAD_TODAY_SECONDS', 15),
  warmupSeconds: env('LOAD_WARMUP_SECONDS', 5),
  racers: env('LOAD_RACERS', 200),
  cardBuyers: env('LOAD_CARD_BUYERS', 8),
  paypalBuyers: env('LOAD_PAYPAL_BUYERS', 8),
  dry: process.env.LOAD_DRY === '1',
};
const LOG_FILE = join(root, '.local', 'load.log');
const log = fileLog(LOG_FILE, 'load');
/** The phases, each weighted by about its seconds (for the estimate). */
const progress = sectionProgress(
  'load',
  [
    { name: 'local stack', weight: 10 },
    { name: 'release', weight: 1 },
    { name: 'today, no cache', weight: settings.todaySeconds + 1 },
    { name: 'warm-up', weight: settings.warmupSeconds + 1 },
    { name: 'release day', weight: settings.seconds + 2 },
    { name: 'quiet reads', weight: 2 },
    { name: 'counts', weight: 3 },
  ],
  { stream: process.stderr, kind: 'phase' },
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The crowd in its own process (test/load/crowd.ts), so autocannon does not share the stack's
 * event loop. Its seconds are the running phase's on the progress line.
 */
function crowd(options: CrowdOptions): Promise<CrowdFigures> {
  const started = performance.now();
  const clock = setInterval(
    () => progress.part(Math.min(1, (performance.now() - started) / (options.seconds * 1000))),
    1000,
  );
  clock.unref();
  return new Promise<CrowdFigures>((done, fail) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'crowd.ts'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`the crowd exited with ${code}: ${stderr.slice(-2000)}`));
      else done(JSON.parse(stdout) as CrowdFigures);
    });
  }).finally(() => clearInterval(clock));
}

const started = performance.now();
const workDir = mkdtempSync(join(tmpdir(), 'boutique-load-'));
// The origin's DynamoDB request count (x-ddb-requests) is in the report: opt in.
process.env.EXPOSE_DDB_REQUEST_COUNT = 'true';
/** A file as the terminal shows it: from the repository root. */
const shown = (file: string) => relative(root, file);
const stopped = () => `load: stopped (see below; each phase's own lines are in ${shown(LOG_FILE)})`;
progress.start('local stack');
const stack = await startLocalStack({ port: 0, s3Dir: join(workDir, 's3'), log }).catch((error: unknown) => {
  progress.finish(stopped());
  throw error;
});
let edge: EdgeCache | undefined;
try {
  // The crowd loads the pages' photographs: on a machine's first run they are made first.
  await stack.demoPictures.idle();
  progress.start('release');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const readProduct = async (id: string) =>
    (await db.send(new GetCommand({ TableName: stack.tableName, Key: productKey(id), ConsistentRead: true })))
      .Item as ProductEntity | undefined;

  // The release: the one new piece, and pieces the other buyers pay for, cut from the demo gown.
  const model = await readProduct(DEMO.availableProduct);
  if (!model) throw new Error(`the demo catalogue has no ${DEMO.availableProduct}`);
  const stamp = Date.now().toString(36);
  let card = 0;
  const cut = (suffix: string, name: string): ProductEntity => {
    // The demo item's keys, hold and sale stay with it; the new piece gets its own (productKeys).
    const {
      pk: _pk,
      sk: _sk,
      gsi1pk: _g1,
      gsi1sk: _s1,
      gsi2pk: _g2,
      gsi2sk: _s2,
      holdId: _h,
      holdUntil: _u,
      ...rest
    } = model as ProductEntity & Record<string, unknown>;
    card += 1;
    return {
      ...rest,
      id: `p-release-${stamp}-${suffix}`,
      name,
      status: PRODUCT_STATUS.available,
      cardNumber: `58${Date.now().toString().slice(-8)}${String(card).padStart(6, '0')}`,
      createdAt: new Date().toISOString(),
    };
  };
  const newPiece = cut('new', 'Aurora Gown, the release');
  const quietPieces = [
    cut('quiet-1', 'Aurora Gown, quiet 1'),
    cut('quiet-2', 'Aurora Gown, quiet 2'),
    cut('quiet-3', 'Aurora Gown, quiet 3'),
  ];
  const others = Array.from({ length: settings.cardBuyers + settings.paypalBuyers }, (_, i) =>
    cut(String(i + 1), `Aurora Gown, release piece ${i + 1}`),
  );
  for (const piece of [newPiece, ...others, ...quietPieces]) {
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...piece, ...productKeys(piece) } }));
  }
  log(`released ${newPiece.id} and ${others.length} other pieces in ${newPiece.typeId}`);

  // Every shopper walks to the new piece, then to the demo's available gown.
  const walks: Page[][] = [walkTo(newPiece), walkTo({ id: DEMO.availableProduct, typeId: model.typeId })];

  // 1. Today: nothing kept at the edge.
  progress.start('today, no cache');
  const passthrough = await startEdgeCache({ origin: stack.url, cache: false });
  let todayLines: AccessLine[];
  let today: CrowdFigures;
  try {
    log(`today (no cache): ${settings.shoppers} shoppers for ${settings.todaySeconds} s…`);
    today = await crowd({
      url: passthrough.url,
      connections: settings.shoppers,
      rate: settings.rate,
      seconds: settings.todaySeconds,
      walks,
    });
    todayLines = passthrough.readLog().lines;
  } finally {
    await passthrough.stop();
  }
  log(`  ${today.pageViews} page views, ${todayLines.filter((l) => l.upstream).length} origin requests`);

  // 2. With the cache.
  progress.start('warm-up');
  edge = await startEdgeCache({ origin: stack.url });
  const base = edge.url;
  log(`edge cache at ${base}; warm-up ${settings.warmupSeconds} s`);
  await crowd({
    url: base,
    connections: settings.shoppers,
    rate: settings.rate,
    seconds: settings.warmupSeconds,
    walks,
  });
  const offset = edge.readLog().size;
  progress.start('release day');
  log(`release day: ${settings.shoppers} shoppers for ${settings.seconds} s…`);
  const crowdRun = crowd({
    url: base,
    connections: settings.shoppers,
    rate: settings.rate,
    seconds: settings.seconds,
    walks,
  });
  await sleep(3000);

  // The race: every racer starts checkout for the one new piece at the same moment.
  const racers = Array.from({ length: settings.racers }, () => newBuyer('racer'));
  const raceStarted = performance.now();
  const raceAnswers = await Promise.all(racers.map((buyer) => startCard(base, buyer, newPiece)));
  const raceMs = performance.now() - raceStarted;
  const winners = raceAnswers.filter((a) => a.status === 200);
  log(
    `  race: ${winners.length} hold(s), ${raceAnswers.filter((a) => a.status === 406).length} told it is taken, in ${raceMs.toFixed(0)} ms`,
  );

  // Meanwhile others buy other pieces, by card and by PayPal, arriving one after another over the
  // crowd's time (not all in the same second: each sale hashes a portal password, and locally every
  // function shares one process and two cores).
  const spreadMs = Math.max(0, (settings.seconds - 15) * 1000) / Math.max(1, others.length);
  const purchases: Promise<Purchase>[] = others.map(async (piece, i) => {
    await sleep(i * spreadMs);
    // Alternating, so card and PayPal buyers are spread alike.
    return i % 2 === 0 && i / 2 < settings.cardBuyers
      ? buyByCard(base, piece, 'card')
      : buyByPaypal(base, piece, 'paypal');
  });

  // The winner pays; the webhook sells the piece. Through the cache, the purchase page's
  // GET /is-sold must show it sold within the availability bound.
  const watchUntil = Date.now() + 60_000;
  let soldAt: number | undefined;
  let shownSoldAt: number | undefined;
  const watchTable = (async () => {
    while (soldAt === undefined && Date.now() < watchUntil) {
      if ((await readProduct(newPiece.id))?.status === PRODUCT_STATUS.sold) soldAt = Date.now();
      else await sleep(50);
    }
  })();
  const watchEdge = (async () => {
    while (shownSoldAt === undefined && Date.now() < watchUntil) {
      const answer = await call(base, `/api/is-sold?id=${encodeURIComponent(newPiece.id)}`);
      if (answer.body.sold === true) shownSoldAt = Date.now();
      else await sleep(100);
    }
  })();
  let winnerPaid: Purchase = { method: 'card', statuses: [], orderStatus: 'no hold' };
  const winner = winners[0];
  if (winner) {
    const confirmed = await confirmCard(base, winner);
    const page = await successPage(base, String(winner.body.checkoutCode));
    winnerPaid = {
      method: 'card',
      statuses: [winner.status, confirmed.status],
      orderStatus: page.orderStatus,
      code: String(winner.body.checkoutCode),
    };
  }
  await Promise.all([watchTable, watchEdge]);
  const bought = await Promise.all(purchases);
  log(
    `  new piece sold ${soldAt ? 'yes' : 'no'}; shown sold through the cache after ${
      soldAt && shownSoldAt ? `${((shownSoldAt - soldAt) / 1000).toFixed(1)} s` : 'never'
    }; other purchases: ${bought.map((b) => b.orderStatus).join(', ')}`,
  );
  const withCache = await crowdRun;
  const lines = edge.readLog(offset).lines;

  // The origin's time per storefront read when nothing else runs: the crowd's figures include
  // queueing on this machine's two cores, which Lambda (one request per instance) does not have.
  progress.start('quiet reads');
  const quiet: number[] = [];
  const distinct = [...new Set(walks.flat().flatMap((p) => p.calls.map((c) => c.path)))];
  for (let round = 0; round < 10; round++) {
    for (const path of distinct) quiet.push((await call(stack.url, path)).ms);
  }

  // What the table says: the new piece sold exactly once.
  progress.start('counts');
  const orders: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: stack.tableName,
        FilterExpression: 'begins_with(pk, :p) AND productId = :id',
        ExpressionAttributeValues: { ':p': 'ORDER#', ':id': newPiece.id },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    orders.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const soldProduct = await readProduct(newPiece.id);

  // Every webhook delivery the providers' stand-in made, and what the shop answered.
  const events = async (provider: 'stripe' | 'paypal') =>
    (
      (await (await fetch(`${stack.paymentsUrl}/__emulator/${provider}/events`)).json()) as {
        data: { type: string; attempts: { status: number; ok: boolean }[] }[];
      }
    ).data;
  const webhookEvents = [...(await events('stripe')), ...(await events('paypal'))];

  // A checkout start with nothing else running (after the counts above): one that takes a hold
  // (a fresh piece each), and one told the piece is taken.
  const quietHold: number[] = [];
  const quietRefused: number[] = [];
  for (const piece of quietPieces) quietHold.push((await startCard(stack.url, newBuyer('quiet'), piece)).ms);
  for (let i = 0; i < 10; i++)
    quietRefused.push((await startCard(stack.url, newBuyer('quiet'), newPiece)).ms);

  const secretLines = lines.filter(
    (l) => l.method === 'POST' && l.uri.startsWith('/api/secret') && l.upstream,
  );
  const results: LoadResults = {
    when: new Date().toISOString(),
    settings,
    walks: walks[0] ?? [],
    today: { crowd: today, origin: originFigures(todayLines, today) },
    withCache: { crowd: withCache, origin: originFigures(lines, withCache) },
    race: {
      racers: settings.racers,
      ms: raceMs,
      statuses: count(raceAnswers.map((a) => a.status)),
      winner: winnerPaid,
    },
    purchases: bought,
    checkoutPaths: count(
      lines
        .filter(
          (l) =>
            (l.method === 'POST' && /^\/api\/(secret|paypal\/(orders|capture))/.test(l.uri)) ||
            (l.method === 'GET' && l.uri.startsWith('/api/orders/')),
        )
        .map(
          (l) =>
            `${l.method} ${l.uri.startsWith('/api/orders/') ? '/api/orders/{id}' : l.uri.split('?')[0]} ${l.status}`,
        ),
    ),
    webhooks: {
      events: webhookEvents.length,
      deliveries: webhookEvents.reduce((n, e) => n + e.attempts.length, 0),
      failed: webhookEvents.reduce((n, e) => n + e.attempts.filter((a) => !a.ok).length, 0),
      statuses: count(webhookEvents.flatMap((e) => e.attempts.map((a) => a.status))),
    },
    newPiece: {
      id: newPiece.id,
      paidOrders: orders.filter((o) => o.status === 'paid').length,
      orders: orders.length,
      productSold: soldProduct?.status === PRODUCT_STATUS.sold,
      shownSoldAfterMs: soldAt && shownSoldAt ? shownSoldAt - soldAt : undefined,
      boundS: staleBoundOf('availability'),
    },
    quietOriginMs: mean(quiet),
    checkout: {
      secretDdbMean: mean(secretLines.map((l) => l.ddb)),
      secretMeanMs: mean(secretLines.map((l) => l.ms)),
      quietHoldMs: mean(quietHold),
      quietRefusedMs: mean(quietRefused),
    },
    durationS: 0,
  };
  results.durationS = (performance.now() - started) / 1000;
  if (settings.dry) console.log(JSON.stringify(results, null, 2));
  else writeResults(results, root, log);
  log(`done in ${results.durationS.toFixed(0)} s`);
  progress.finish();
  progress.log(
    `load: ${settings.dry ? 'LOAD_DRY: the results are on stdout, nothing written' : 'wrote docs/benchmarks.md (Release day) and docs/capacity.md'}; each phase's own lines are in ${shown(LOG_FILE)}`,
  );
} catch (error) {
  progress.finish(stopped());
  throw error;
} finally {
  await edge?.stop();
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function count(values: (string | number)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}
