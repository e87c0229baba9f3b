import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every npm script that runs a script of ours reads its command line before it does anything
 * (infra/cli-args.ts): `--help` prints the usage and writes nothing, an unknown flag is refused
 * with the usage line and exit code 2 (issue 44: `npm run passport:export -- --help` used to
 * write a whole export).
 */
const root = resolve(import.meta.dirname, '..');
const cwd = mkdtempSync(join(tmpdir(), 'cli-args-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** The scripts, as package.json runs them, and what each writes when it runs. */
const SCRIPTS: Record<string, { script: string; args?: string[]; writes: string[] }> = {
  'passport:export': { script: 'infra/passport-export.ts', writes: [join(cwd, 'passport-export')] },
  job: { script: 'infra/local/run-job.ts', writes: [] },
  'overdue-orders': { script: 'infra/local/run-job.ts', args: ['overdue-orders'], writes: [] },
  'admin:create': { script: 'infra/admin-create.ts', writes: [] },
  synth: { script: 'infra/synth.ts', writes: ['cdk.out'] },
  start: { script: 'infra/local/start.ts', writes: ['.local/job-token', '.local/data'] },
  bench: { script: 'test/bench/run.ts', writes: ['docs/benchmarks.md', '.local/bench.log'] },
  'bench:first-minute': { script: 'test/bench/first-minute.ts', writes: ['docs/first-minute.md'] },
  'bench:verify-page': { script: 'test/bench/verify-page-run.ts', writes: ['docs/benchmarks.md'] },
  'bench:pages': { script: 'test/bench/pages-run.ts', writes: ['docs/benchmarks.md'] },
  load: { script: 'test/load/run.ts', writes: ['docs/capacity.md', '.local/load.log'] },
  'load:draw': { script: 'test/load/draw-run.ts', writes: ['docs/draw-load.md', '.local/draw-load.log'] },
  docs: {
    script: 'infra/docs/generate.ts',
    writes: ['docs/reference/data-model-keys.md', 'docs/reference/routes.md'],
  },
};

function run(script: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, [join(root, script), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, PORT: '9' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** When each path a script writes was last changed (0 when it does not exist). */
const stamps = (paths: string[]) =>
  paths.map((path) => {
    const full = resolve(root, path);
    return existsSync(full) ? statSync(full).mtimeMs : 0;
  });

/** A script's imports load before it reads its command line: seconds each on a busy machine. */
const SPAWN_TIMEOUT = 120_000;

describe('every script with a command line', { timeout: SPAWN_TIMEOUT }, () => {
  for (const [name, { script, args = [], writes }] of Object.entries(SCRIPTS)) {
    it(`npm run ${name} -- --help prints its usage, exits 0 and writes nothing`, async () => {
      const before = stamps(writes);
      const answer = await run(script, [...args, '--help']);
      expect(answer.code, answer.stderr).toBe(0);
      expect(answer.stdout).toMatch(/^usage: npm (run |start)/);
      expect(stamps(writes)).toEqual(before);
      expect(readdirSync(cwd)).toEqual([]);
    });

    it(`npm run ${name} -- --no-such-flag is refused with the usage line, exit code 2`, async () => {
      const before = stamps(writes);
      const answer = await run(script, [...args, '--no-such-flag']);
      expect(answer.code, answer.stderr).toBe(2);
      expect(answer.stderr).toMatch(/'--no-such-flag'/);
      expect(answer.stderr).toMatch(/^usage: npm (run |start)/m);
      expect(answer.stdout).toBe('');
      expect(stamps(writes)).toEqual(before);
      expect(readdirSync(cwd)).toEqual([]);
    });
  }

  it('refuses a missing or an extra positional, and a flag missing its value', async () => {
    for (const [script, args] of [
      ['infra/local/run-job.ts', []],
      ['infra/local/run-job.ts', ['mail-sweep', 'reconcile-payments']],
      ['infra/admin-create.ts', []],
      ['infra/passport-export.ts', ['--out']],
      ['infra/passport-export.ts', ['somewhere']],
    ] as const) {
      const answer = await run(script, [...args]);
      expect(answer.code, `${script} ${args.join(' ')}: ${answer.stderr}`).toBe(2);
      expect(answer.stderr).toMatch(/^usage: npm run/m);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
