import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { originalStack } from './stack-trace.ts';

describe('originalStack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stack-trace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the TypeScript file, line and column of each frame of a minified bundle', async () => {
    const source = join(dir, 'src', 'failing.ts');
    writeFileSync(join(dir, 'placeholder'), '');
    await build({
      stdin: {
        contents: [
          'export function fail(n: number): never {',
          '  const message: string = "failed at " + n;',
          '  throw new Error(message);',
          '}',
        ].join('\n'),
        sourcefile: source,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      sourcemap: true,
      sourcesContent: false,
      outfile: join(dir, 'out', 'index.mjs'),
    });
    // A process without source maps, as Lambda runs the bundles (vitest's own maps its stacks).
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `try { (await import(${JSON.stringify(pathToFileURL(join(dir, 'out', 'index.mjs')).href)})).fail(7) } catch (e) { process.stdout.write(e.stack) }`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    const stack = child.stdout;
    expect(stack).toMatch(/index\.mjs:1:\d+/);
    const mapped = originalStack(stack) ?? '';
    expect(mapped).toContain('Error: failed at 7');
    expect(mapped).toMatch(/src\/failing\.ts:3:9\)?$/m);
    expect(mapped).not.toMatch(/index\.mjs:1:/);
  });

  it('leaves frames of files without a map as they are', () => {
    const stack = 'Error: x\n    at run (/var/task/other.mjs:1:20)\n    at node:internal/process:1:1';
    expect(originalStack(stack)).toBe(stack);
    expect(originalStack(undefined)).toBeUndefined();
  });
});
