import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { cliArgs } from '../../infra/cli-args.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { type FirstQr, firstQr } from './first-qr.ts';
import { currentLoad, describeMachine } from './machine.ts';

/**
 * `npm run bench:first-minute`: what a newcomer meets (issue 33), measured on fresh clones of
 * this checkout's HEAD: `npm install`, then `npm start` until the API and /women first answer
 * 200, a screenshot of /women while the photographs are still being made, and the time until
 * every photograph is stored — first with an empty photograph cache, then on a second clone that
 * finds the cache the first filled; on the first, a piece bought as soon as the shop answers,
 * timed from its mail to its QR on the owner's portal (./first-qr.ts). Writes
 * docs/first-minute.md and the screenshot to test-results/. Takes as long as the photographs
 * take (minutes).
 */
cliArgs({
  usage: `usage: npm run bench:first-minute   (writes docs/first-minute.md; takes no arguments)`,
});
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'first-minute-'));
const cache = join(work, 'photo-cache');
const shots = join(root, 'test-results');
mkdirSync(shots, { recursive: true });
const machine = describeMachine();
const seconds = (ms: number) => Math.round(ms / 100) / 10;

function clone(name: string): string {
  const dir = join(work, name);
  const cloned = spawnSync('git', ['clone', '--quiet', root, dir], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone failed');
  return dir;
}

function install(dir: string): number {
  const started = performance.now();
  const run = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`npm install failed in ${dir}`);
  return performance.now() - started;
}

async function firstOk(url: string, since: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`npm start ended (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

interface StartFigures {
  api: number;
  women: number;
  allStored?: number;
  made?: number;
  screenshot?: string;
  /** When the piece was bought (since `npm start`), and its QR's time. */
  bought?: number;
  qr?: FirstQr;
}

async function start(
  dir: string,
  port: number,
  options: { screenshot?: string; buy?: boolean },
): Promise<StartFigures> {
  const env = {
    ...process.env,
    DEMO_PHOTO_CACHE: cache,
    PORT: String(port),
    DYNAMODB_PORT: String(port + 1),
    S3_PORT: String(port + 2),
    SES_PORT: String(port + 3),
    PAYMENTS_PORT: String(port + 4),
  };
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  let allStored: number | undefined;
  let made: number | undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
    const done = /(?:made|copied) (\d+) demo photographs and their picture sets (?:in|from)/.exec(output);
    if (done && allStored === undefined) {
      allStored = performance.now() - started;
      made = Number(done[1]);
    }
  });
  try {
    const base = `http://localhost:${port}`;
    const api = await firstOk(`${base}/api/getTypeByGender?gender=0`, started, child);
    const women = await firstOk(`${base}/women`, started, child);
    const figures: StartFigures = { api, women };
    if (options.screenshot) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}/women`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      await page.screenshot({ path: options.screenshot });
      await browser.close();
      figures.screenshot = options.screenshot;
    }
    if (options.buy) {
      figures.bought = performance.now() - started;
      figures.qr = await firstQr(base, `http://127.0.0.1:${port + 3}`);
    }
    while (allStored === undefined) {
      if (child.exitCode !== null) throw new Error('npm start ended before the photographs were made');
      await new Promise((done) => setTimeout(done, 1000));
    }
    figures.allStored = allStored;
    if (made !== undefined) figures.made = made;
    return figures;
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

try {
  const first = clone('first');
  const firstInstall = install(first);
  const cold = await start(first, 3400, { screenshot: join(shots, 'first-minute-women.png'), buy: true });
  const second = clone('second');
  const secondInstall = install(second);
  const warm = await start(second, 3500, {});
  const report = `# The first minute

Written by \`npm run bench:first-minute\` (\`test/bench/first-minute.ts\`); do not edit by hand.
Fresh clones of HEAD on this machine: \`npm install\`, then \`npm start\` until the shop answers.
The first clone starts with an empty photograph cache (\`DEMO_PHOTO_CACHE\` pointing at a new
folder: no photograph cached anywhere); the second finds what the first made.

| | |
|---|---|
| date | ${machine.date} |
| CPU | ${machine.cpuModel}, ${machine.cores} cores |
| load average (1 min) | ${machine.loadAtStart.toFixed(2)} at start, ${currentLoad().toFixed(2)} at the end |

| | first clone (empty cache) | second clone (cache found) |
|---|---|---|
| \`npm install\` | ${seconds(firstInstall)} s | ${seconds(secondInstall)} s |
| \`npm start\` → first 200 from \`/api/getTypeByGender?gender=0\` | ${seconds(cold.api)} s | ${seconds(warm.api)} s |
| \`npm start\` → first 200 from \`/women\` | ${seconds(cold.women)} s | ${seconds(warm.women)} s |
| \`npm start\` → every photograph and picture set stored | ${seconds(cold.allStored ?? 0)} s (${cold.made} made) | ${seconds(warm.allStored ?? 0)} s (${warm.made} copied from the cache) |

The screenshot of /women taken right after its first 200 is \`test-results/first-minute-women.png\`.

A piece bought on the first clone ${seconds(cold.bought ?? 0)} s after \`npm start\`, the demo's piece
whose authenticity photographs come last (\`${cold.qr?.piece}\`; \`test/bench/first-qr.ts\`): a card
purchase through the API and the Stripe stand-in, the password mail in the SES stand-in
${seconds(cold.qr?.mailMs ?? 0)} s after the purchase began, then its owner's portal in Chromium at
phone size: **the QR of the card's code shown ${seconds(cold.qr?.qrAfterMailMs ?? 0)} s after the
mail**.
`;
  writeFileSync(join(root, 'docs/first-minute.md'), report);
  // As the repository's Markdown is kept (the lint of npm test checks it).
  spawnSync('npx', ['biome', 'format', '--write', 'docs/first-minute.md'], { cwd: root, stdio: 'ignore' });
  console.log(report);
} finally {
  rmSync(work, { recursive: true, force: true });
}
