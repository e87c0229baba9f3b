import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cliArgs } from './cli-args.ts';

/**
 * `npm run pages:render`: the full re-render of every public page (issue 47) on the running local
 * shop (`npm start`): the same job the stack runs daily in AWS (functions/pages/jobs/render-all.ts),
 * run by the shop with the token it wrote at its start to .local/job-token (LOCAL_JOB_TOKEN
 * overrides it), as `npm run job` does. Prints the job's report: pages, chunks, the pages not
 * written, the time taken; exits 1 when any page was not written.
 */
cliArgs({
  usage: `usage: npm run pages:render   (the shop of npm start; PORT as for npm start)
  renders every public page (home, both lists, every piece, every content page, the draws) again
  and writes them to the web bucket under pages/`,
});
const base = `http://localhost:${process.env.PORT ?? 3000}`;
const tokenFile = resolve(import.meta.dirname, '../.local/job-token');
let token = process.env.LOCAL_JOB_TOKEN;
try {
  token ??= readFileSync(tokenFile, 'utf8').trim();
} catch {
  console.error(`no job token at ${tokenFile}: start the shop with npm start`);
  process.exit(1);
}
let answer: Response;
try {
  answer = await fetch(`${base}/__jobs/render-pages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
} catch {
  console.error(`no shop answers at ${base}: start it with npm start`);
  process.exit(1);
}
console.log(JSON.stringify(await answer.json(), null, 2));
process.exit(answer.ok ? 0 : 1);
