import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { duration, progressLine } from '../progress.ts';

/**
 * `npm start`'s build of the web app (prestart): Vite's build with its warnings only, and one
 * progress line (modules transformed of about as many as the last build had) instead of the
 * list of every chunk it writes.
 */
const root = resolve(import.meta.dirname, '../..');
const countFile = join(root, 'node_modules/.cache/one-of-one-boutique/web-build.json');
// What a build of this app transformed (1,000 modules or so) when no build has said yet.
const FIRST_GUESS = 1000;

function lastCount(): number {
  try {
    return (JSON.parse(readFileSync(countFile, 'utf8')) as { modules: number }).modules;
  } catch {
    return FIRST_GUESS;
  }
}

const started = performance.now();
let modules = 0;
const progress = progressLine('building the web app', lastCount(), { unit: 'modules' });
const counter: Plugin = {
  name: 'progress',
  transform() {
    modules++;
    progress.advance();
    return null;
  },
};
await build({
  configFile: join(root, 'web/vite.config.ts'),
  logLevel: 'warn',
  plugins: [counter],
});
progress.finish(
  `built the web app (${modules} modules) in ${duration(performance.now() - started)}: web/dist`,
);
mkdirSync(dirname(countFile), { recursive: true });
writeFileSync(countFile, JSON.stringify({ modules }));
