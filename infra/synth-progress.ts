/**
 * How `npm run synth` (infra/synth.ts) counts the Lambda bundles while the CDK app makes them:
 * each ApiFunction, once CDK's local esbuild has bundled it (in its constructor), says so on
 * stderr with a line the CLI passes on, and the wrapper turns those lines into its progress line.
 * Only when the wrapper asks (SYNTH_PROGRESS_ENV): `cdk synth` run by hand and the tests that build
 * the stack in-process print nothing more.
 */
import { builtRoutes, EVENT_MODULES, JOB_MODULES } from './build-functions.ts';

export const SYNTH_PROGRESS_ENV = 'BOUTIQUE_SYNTH_PROGRESS';
const MARKER = 'boutique-synth: bundled ';

/**
 * The functions a synth bundles, one ApiFunction each (infra/stack.ts): the built routes, the
 * scheduled jobs and the functions run on an AWS event.
 */
export function bundleCount(): number {
  return builtRoutes().length + JOB_MODULES.length + EVENT_MODULES.length;
}

/** Called by ApiFunction once its bundle is made. */
export function reportBundled(
  module: string,
  env: NodeJS.ProcessEnv = process.env,
  write: (text: string) => void = (text) => process.stderr.write(text),
): void {
  if (env[SYNTH_PROGRESS_ENV] === '1') write(`${MARKER}${module}\n`);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
const COLOURS = /\x1b\[[0-9;]*m/g;

/** The module a line of the CLI's stderr says was bundled, if it is such a line. */
export function bundledModule(line: string): string | undefined {
  const plain = line.replace(COLOURS, '').trim();
  return plain.startsWith(MARKER) ? plain.slice(MARKER.length) : undefined;
}
