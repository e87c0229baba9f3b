/**
 * `npm run job <name>`: runs one scheduled job now on the running local shop (`npm start`),
 * e.g. `npm run job reconcile-payments`, `npm run job mail-sweep` or `npm run job overdue-orders`
 * (also `npm run overdue-orders`). PORT as for `npm start`.
 * `npm run job picture-sets` waits until every picture stored so far has its picture set.
 */
const name = process.argv[2];
const base = `http://localhost:${process.env.PORT ?? 3000}`;
if (!name) {
  console.error('give a job: npm run job reconcile-payments | mail-sweep | overdue-orders | picture-sets');
  process.exit(2);
}
let answer: Response;
try {
  answer = await fetch(`${base}/__jobs/${encodeURIComponent(name)}`, { method: 'POST' });
} catch {
  console.error(`no shop answers at ${base}: start it with npm start`);
  process.exit(1);
}
console.log(JSON.stringify(await answer.json(), null, 2));
process.exit(answer.ok ? 0 : 1);
