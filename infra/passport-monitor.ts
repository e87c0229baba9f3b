import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type MonitorState, monitorLog } from './passport/monitor.ts';

/**
 * `npm run passport:monitor -- --origin <shop> [--state <file>]`: replays the shop's public
 * passport log and checks it (docs/passport.md, The monitor). With `--state`, it goes on from the
 * checkpoint the last run verified, reading only the entry bundles past it, and records the new
 * one. Exits 0 with a one-line summary, 1 naming the first lie it found, 2 for a wrong call or a
 * shop it could not read.
 */
const USAGE = 'usage: npm run passport:monitor -- --origin <shop origin> [--state <file>] [--help]';

let values: { origin?: string; state?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: { origin: { type: 'string' }, state: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(
    `${USAGE}\n\nReplays the shop's public passport log (its key set, checkpoints and entry bundles) and checks every checkpoint's signature and root, every entry's prev and every map entry. --state <file> keeps the last verified checkpoint between runs; nothing else is written.`,
  );
  process.exit(0);
}
if (!values.origin) {
  console.error(`--origin is required\n${USAGE}`);
  process.exit(2);
}
const origin = values.origin.replace(/\/$/, '');

async function readState(file: string | undefined): Promise<MonitorState | undefined> {
  if (!file) return undefined;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as MonitorState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

try {
  const state = await readState(values.state);
  const result = await monitorLog({ origin, state });
  if (!result.ok) {
    console.error(`[passport:monitor] ${origin}: LIE (${result.check}) at ${result.at}: ${result.detail}`);
    process.exit(1);
  }
  if (values.state) {
    await writeFile(`${values.state}.tmp`, `${JSON.stringify(result.state, null, 2)}\n`);
    await rename(`${values.state}.tmp`, values.state);
  }
  console.log(
    `[passport:monitor] ${origin}: checkpoint ${result.state.size} holds: ${result.entries} new entries replayed, ${result.checkpoints} checkpoints checked, ${result.pieces} pieces, every prev and map entry as the entries say`,
  );
} catch (error) {
  console.error(`[passport:monitor] ${origin}: could not check: ${(error as Error).message}`);
  process.exit(2);
}
