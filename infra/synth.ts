/**
 * `npm run synth` (`npm run synth -- -c stage=prod` passes its context values on): runs
 * `cdk synth --quiet --no-notices` and, on stderr, one progress line for the Lambda bundles
 * ("synth: 40 of 138 bundles · 31 s · about 1 min left (catalog/get-type)") instead of CDK's
 * "Bundling asset …" line per function and npm's install chatter. The CLI's stdout is its own,
 * untouched; its other stderr lines (warnings, errors) are printed as they come. When the synth
 * fails, the hidden lines are printed too.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT_DIR } from './build-functions.ts';
import { cliArgs } from './cli-args.ts';
import { duration, type ProgressOptions, progressLine } from './progress.ts';
import { bundleCount, bundledModule, SYNTH_PROGRESS_ENV } from './synth-progress.ts';

/** Lines of the bundling that the progress line replaces. */
const CHATTER = [
  /^Bundling asset \S+\.\.\.$/,
  // `npm ci` of the functions with packages beside their bundle (CDK `nodeModules`).
  /^npm warn invalid config /,
  /^added \d+ packages? in /,
  /^\d+ packages? (is|are) looking for funding$/,
  /^ {2}run `npm fund` for details$/,
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
const COLOURS = /\x1b\[[0-9;]*m/g;

export function isChatter(line: string): boolean {
  const plain = line.replace(COLOURS, '');
  return CHATTER.some((pattern) => pattern.test(plain));
}

export interface SynthOptions {
  /** The CLI, as a command and its arguments (`node …/aws-cdk/bin/cdk synth --quiet …`). */
  command: string;
  args: readonly string[];
  /** The bundles the app will make (its ApiFunctions). */
  total: number;
  env?: NodeJS.ProcessEnv;
  progress?: Omit<ProgressOptions, 'unit'>;
}

/** Runs the CLI with the progress line; resolves to its exit code. */
export function runSynth(options: SynthOptions): Promise<number> {
  const stream = options.progress?.stream ?? process.stderr;
  const now = options.progress?.now ?? (() => performance.now());
  const progress = progressLine('synth', options.total, { ...options.progress, stream, unit: 'bundles' });
  progress.advance(0, 'starting the CDK app');
  const started = now();
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), [SYNTH_PROGRESS_ENV]: '1' };
  // The CLI's chalk colours its messages on a terminal, and its stderr is a pipe here. (CDK's own
  // colours, those of the annotations, need both streams to be terminals: they are lost.)
  if (stream.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = '1';
  const child = spawn(options.command, options.args, {
    cwd: ROOT_DIR,
    env,
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  const hidden: string[] = [];
  let made = 0;
  // npm puts a blank line before its summary: kept back until the next line shows whose it is.
  let blank = false;
  createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    const module = bundledModule(line);
    if (module !== undefined) {
      made += 1;
      progress.advance(1, module);
      // After the last bundle: the templates, cdk-nag's checks, the cloud assembly written.
      if (made === options.total) progress.advance(0, 'templates and checks');
    } else if (line.trim() === '') {
      if (blank) progress.log('');
      blank = true;
    } else if (isChatter(line)) {
      hidden.push(line);
      blank = false;
    } else {
      if (blank) progress.log('');
      blank = false;
      progress.log(line);
    }
  });
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((done) => {
    child.on('error', (error) => {
      progress.finish(`synth: could not start ${options.command}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (code === 0) {
        progress.finish();
        done(0);
        return;
      }
      const after = duration(now() - started);
      progress.finish(
        `synth: failed (${signal ?? `exit ${code}`}) after ${after}, ${made} of ${options.total} bundles made`,
      );
      if (hidden.length > 0) {
        stream.write(`The bundling's own lines:\n${hidden.map((l) => `  ${l}\n`).join('')}`);
      }
      done(code ?? 1);
    });
  });
}

if (import.meta.main) {
  const { values } = cliArgs({
    usage: `usage: npm run synth -- [-c <key>=<value>]…
  -c, --context  a CDK context value, passed on to cdk synth (e.g. -c stage=prod)`,
    options: { context: { type: 'string', short: 'c', multiple: true } },
  });
  const context = ((values.context as string[] | undefined) ?? []).flatMap((pair) => ['-c', pair]);
  const cdk = path.join(ROOT_DIR, 'node_modules', 'aws-cdk', 'bin', 'cdk');
  process.exitCode = await runSynth({
    command: process.execPath,
    args: [cdk, 'synth', '--quiet', '--no-notices', ...context],
    total: bundleCount(),
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
}
