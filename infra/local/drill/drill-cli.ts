import { resolve } from 'node:path';
import { cliArgs } from '../../cli-args.ts';
import { PLANTS, type Plant, runRestoreDrill } from './restore-drill.ts';

/** `npm run drill:restore`: the restore drill (./restore-drill.ts, docs/restore.md). */
const { values } = cliArgs({
  usage: `usage: npm run drill:restore [-- --orders N --passport N --payments N --faults --plant KIND --keep DIR --verbose]
  --orders N     orders of the history beside the demo catalogue (10000)
  --passport N   pieces of the history sold, each a passport entry (1000)
  --payments N   card payments made after the export, recovered after the restore (3)
  --faults       the fault run: payments while the export is written, a webhook meeting a deleted
                 table during the restore, the table deleted outright
  --plant KINDS  plant corruptions, each in a copy of the restore, whose validation must fail it
                 by name: ${PLANTS.join(', ')} (comma-separated; 'all' for both)
  --keep DIR     keep the drill's data (DynamoDB Local, S3, providers) in DIR
  --verbose      the two shops' own lines too
  Exit code 0 when every step held (a planted corruption held when its copy failed by name); 1 otherwise.`,
  options: {
    orders: { type: 'string' },
    passport: { type: 'string' },
    payments: { type: 'string' },
    faults: { type: 'boolean' },
    plant: { type: 'string' },
    keep: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});

const count = (name: string, fallback: number, least = 0) => {
  const value = Number(values[name] ?? fallback);
  if (!Number.isInteger(value) || value < least || value > 1_000_000) {
    console.error(`--${name} must be a whole number from ${least} to 1000000`);
    process.exit(2);
  }
  return value;
};
const asked = typeof values.plant === 'string' ? values.plant.split(',') : [];
const plants = (asked.includes('all') ? PLANTS : asked) as Plant[];
if (plants.some((plant) => !PLANTS.includes(plant))) {
  console.error(`--plant takes ${PLANTS.join(', ')} or all`);
  process.exit(2);
}
const passportEntries = count('passport', 1000, 1);
const report = await runRestoreDrill({
  orders: Math.max(count('orders', 10_000), passportEntries),
  passportEntries,
  payments: count('payments', 3),
  faults: values.faults === true,
  plants,
  ...(typeof values.keep === 'string' ? { dataDir: resolve(values.keep) } : {}),
  verbose: values.verbose === true,
  progressStream: process.stdout,
});

console.log('\nstep times');
for (const { step, ms } of report.steps) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${step}`);
for (const { plant, failed } of report.planted)
  console.log(`planted ${plant}: the validation failed ${failed.join(', ') || 'nothing'}`);
process.exit(report.ok ? 0 : 1);
