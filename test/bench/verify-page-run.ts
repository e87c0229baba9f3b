import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cliArgs } from '../../infra/cli-args.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { currentLoad } from './machine.ts';
import { ISSUES, issuingTime } from './passport-issuing.ts';
import { renderVerifyPageSection, withVerifyPage } from './report.ts';
import { longestQr, timeToVerdict, VERIFY_PHONE, verifyRouteJs } from './verify-page.ts';

/**
 * `npm run bench:verify-page`: the bench's /verify part alone (test/bench/verify-page.ts), on a
 * local stack of its own, written into docs/benchmarks.md in place of the part's last figures
 * (the rest of the page stays as `npm run bench` last wrote it). Needs `npm run build:web`.
 */
cliArgs({
  usage: `usage: npm run bench:verify-page   (writes /verify's part of docs/benchmarks.md; takes no arguments)
  knobs (environment): BENCH_VERIFY_LOADS, BENCH_OUT`,
});
const root = resolve(import.meta.dirname, '../..');
const out = process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks.md');
const loads = Number(process.env.BENCH_VERIFY_LOADS ?? 100);
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const loadAtStart = currentLoad();
const workDir = mkdtempSync(join(tmpdir(), 'boutique-bench-verify-'));
const stack = await startLocalStack({ port: 0, s3Dir: join(workDir, 's3'), log: () => undefined });
try {
  // The certificates hash the demo pieces' authenticity photographs: on a machine's first run
  // they are still being made (issuing would answer 409 until theirs is stored).
  if (stack.demoPictures.toMake > 0)
    process.stderr.write(`waiting for ${stack.demoPictures.toMake} demo photographs to be made or copied\n`);
  const photos = await stack.demoPictures.idle();
  if (photos.failed > 0) throw new Error(`${photos.failed} demo photographs could not be made`);
  const { code, ...issuing } = await issuingTime(stack.url, ISSUES, (done, total) =>
    process.stderr.write(`\rpassport: ${done} of ${total} certificates issued`),
  );
  process.stderr.write('\n');
  const figures = {
    js: verifyRouteJs(join(root, 'web', 'dist')),
    qr: await longestQr(),
    issuing,
    ...(await timeToVerdict(
      { baseUrl: stack.url, s3Url: stack.s3Url, mediaBucket: stack.mediaBucket },
      {
        loads,
        code,
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        onLoad: (done, total) => process.stderr.write(`\rverify page: ${done} of ${total} loads`),
      },
    )),
    loads,
    viewport: VERIFY_PHONE,
    alone: { date, loadAtStart, loadAtEnd: currentLoad() },
  };
  process.stderr.write('\n');
  const rendered = renderVerifyPageSection({ value: figures });
  writeFileSync(out, withVerifyPage(readFileSync(out, 'utf8'), rendered));
  console.log(rendered.section);
} finally {
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}
