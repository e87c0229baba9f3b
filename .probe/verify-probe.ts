import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startLocalStack } from '../infra/local/stack.ts';
import { issuingTime } from '../test/bench/passport-issuing.ts';
import { CHROMIUM_ARGS } from '../test/support/chromium.ts';

const workDir = mkdtempSync(join(tmpdir(), 'probe-'));
const stack = await startLocalStack({ port: 0, s3Dir: join(workDir, 's3'), log: () => undefined });
await stack.demoPictures.idle();
const { code } = await issuingTime(stack.url, 3, () => {});
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const rows: Record<string, number>[] = [];
for (let i = 0; i < Number(process.env.N ?? 40); i++) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (process.env.TRACE) await browser.startTracing(page, { path: `/tmp/vt-${i}.json`, categories: ['devtools.timeline','blink.user_timing','loading','v8.execute','disabled-by-default-devtools.timeline'] });
  if (process.env.PROF) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start'); }
  await page.goto(`${stack.url}/verify#${code}`);
  let ms: number | undefined;
  while (ms === undefined) {
    ms = await page.evaluate(() => performance.getEntriesByName('checked')[0]?.startTime);
    if (ms === undefined) await new Promise((d) => setTimeout(d, 20));
  }
  const row = await page.evaluate(() => {
    const r: Record<string, number> = {};
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    r.resp = nav.responseEnd; r.inter = nav.domInteractive; r.dcl = nav.domContentLoadedEventStart;
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const n = new URL(e.name).pathname.replace(/^.*\//, '').slice(0, 10);
      r[`${n}>`] = Math.round(e.startTime); r[`${n}.`] = Math.round(e.responseEnd);
    }
    for (const m of performance.getEntriesByType('mark')) r[m.name] = Math.round(m.startTime);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]; if (fcp) r.fcp = Math.round(fcp.startTime);
    return r;
  });
  row.total = Math.round(ms);
  if (process.env.TRACE) await browser.stopTracing();
  if (process.env.PROF) { const { profile } = await cdp.send('Profiler.stop'); (await import('node:fs')).writeFileSync(`/tmp/vprof-${i}.json`, JSON.stringify(profile)); }
  rows.push(row);
  await context.close();
}
rows.sort((a, b) => (a.total ?? 0) - (b.total ?? 0));
for (const r of rows) console.log(JSON.stringify(r));
await browser.close();
await stack.stop();
