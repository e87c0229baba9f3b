import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cliArgs } from '../cli-args.ts';

/**
 * `npm run job <name>`: runs one scheduled job now on the running local shop (`npm start`),
 * e.g. `npm run job reconcile-payments`, `npm run job mail-sweep` or `npm run job overdue-orders`
 * (also `npm run overdue-orders`). PORT as for `npm start`.
 * `npm run job picture-sets` waits until every picture stored so far has its picture set.
 * JOB_INPUT (JSON) is the job's input: after a restore of the table (issue 49),
 * `JOB_INPUT='{"since":"2026-11-30T09:00:00Z","until":"2026-11-30T12:00:00Z"}' npm run job recover-payments`.
 * The shop runs a job only with the token it wrote at its start to .local/job-token
 * (LOCAL_JOB_TOKEN overrides it), so no web page can run one.
 */
const {
  positionals: [name = ''],
} = cliArgs({
  usage: `usage: npm run job <name>   (the shop of npm start; PORT as for npm start)
  <name>  reconcile-payments | mail-sweep | overdue-orders | member-releases | run-draws | sequence-log
          | restore-passport-log | picture-sets | demo-pictures
          | recover-payments (JOB_INPUT='{"since":…,"until":…}')`,
  positionals: ['name'],
});
const base = `http://localhost:${process.env.PORT ?? 3000}`;
const tokenFile = resolve(import.meta.dirname, '../../.local/job-token');
let token = process.env.LOCAL_JOB_TOKEN;
try {
  token ??= readFileSync(tokenFile, 'utf8').trim();
} catch {
  console.error(`no job token at ${tokenFile}: start the shop with npm start`);
  process.exit(1);
}
let answer: Response;
try {
  answer = await fetch(`${base}/__jobs/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    ...(process.env.JOB_INPUT ? { body: process.env.JOB_INPUT } : {}),
  });
} catch {
  console.error(`no shop answers at ${base}: start it with npm start`);
  process.exit(1);
}
console.log(JSON.stringify(await answer.json(), null, 2));
process.exit(answer.ok ? 0 : 1);
