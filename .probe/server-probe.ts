import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../infra/local/stack.ts';
import { issuingTime } from '../test/bench/passport-issuing.ts';
const stack = await startLocalStack({ port: 0, s3Dir: join(mkdtempSync(join(tmpdir(), 'probe-')), 's3'), log: () => undefined });
await stack.demoPictures.idle();
const { code } = await issuingTime(stack.url, 3, () => {});
const pid = decodeURIComponent(code.split('.')[1] as string);
const times: number[] = [];
for (let i = 0; i < 150; i++) {
  const t = performance.now();
  const r = await fetch(`${stack.url}/api/passport/pieces/${pid}`);
  await r.text();
  times.push(performance.now() - t);
  if (process.env.PAUSE) await new Promise((d) => setTimeout(d, Number(process.env.PAUSE)));
}
const s = times.slice(20).sort((a, b) => a - b);
console.log('median', s[Math.floor(s.length / 2)]?.toFixed(1), 'p95', s[Math.ceil(s.length * 0.95) - 1]?.toFixed(1), 'max', s.at(-1)?.toFixed(1));
await stack.stop();
