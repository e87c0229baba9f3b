import { readFile } from 'node:fs/promises';
import { exportedVectors } from '../test/passport/vectors.ts';
import { cliArgs } from './cli-args.ts';
import { exportPassport } from './passport/export.ts';

/**
 * `npm run passport:export -- [--origin <shop origin>] [--out <folder>]`: the passport's public
 * export (docs/passport.md, The export), read from the shop's public files only, checked as it is
 * read, written to a folder that a third party checks with no server (its ALGORITHM.md says how).
 * Default origin: the local shop (`npm start`).
 */
const { values } = cliArgs({
  usage: `usage: npm run passport:export -- [--origin <shop origin>] [--out <folder>]
  --origin  the shop whose public passport files are read (default http://localhost:3000)
  --out     the folder the export is written to (default passport-export)`,
  options: { origin: { type: 'string' }, out: { type: 'string' } },
});
const origin = String(values.origin ?? 'http://localhost:3000').replace(/\/$/, '');
const out = String(values.out ?? 'passport-export');

const started = Date.now();
console.log(`[passport] exporting ${origin}'s passport log into ${out}/ …`);
const summary = await exportPassport({
  origin,
  out,
  algorithm: await readFile(new URL('../docs/passport.md', import.meta.url), 'utf8'),
  vectors: await exportedVectors(),
});
console.log(
  `[passport] ${summary.entries} entries, ${summary.checkpoints} checkpoints (each a prefix of the log), ${summary.pieces} pieces' certificates and histories, ${summary.vectors} test vectors: all checked, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
