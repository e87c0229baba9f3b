import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routes } from '../functions/routes.ts';
import {
  buildOptions,
  ESM_REQUIRE_BANNER,
  JOB_MODULES,
  OUT_DIR,
  ROOT_DIR,
} from '../infra/build-functions.ts';

/** Bundles every built handler in memory, as `npm run build:functions` does on disk. */
describe('handler bundles', () => {
  const modules = [...routes.filter((route) => !route.pending).map((route) => route.handler), ...JOB_MODULES];

  it('builds one ESM bundle exporting `handler` for every non-pending route and every job', {
    timeout: 300_000,
  }, async () => {
    const result = await build(buildOptions({ write: false, logLevel: 'silent' }));
    expect(result.errors).toEqual([]);
    const outputFiles = result.outputFiles ?? [];

    const bundles = new Map(
      outputFiles.filter((file) => file.path.endsWith('.mjs')).map((file) => [file.path, file.text]),
    );
    expect([...bundles.keys()].sort()).toEqual(
      modules.map((module) => path.join(OUT_DIR, `${module}.mjs`)).sort(),
    );
    for (const [file, text] of bundles) {
      expect(text.startsWith(ESM_REQUIRE_BANNER), file).toBe(true);
      expect(text, file).not.toMatch(/\bmodule\.exports\b/);
      expect(text, file).toMatch(/\bexport\s*\{/);
      expect(outputFiles.some((output) => output.path === `${file}.map`)).toBe(true);
    }

    for (const module of modules) {
      const output = result.metafile.outputs[path.relative(ROOT_DIR, path.join(OUT_DIR, `${module}.mjs`))];
      expect(output?.exports, module).toContain('handler');
    }
  });
});
