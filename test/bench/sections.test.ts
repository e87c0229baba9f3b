import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionProgress } from '../../infra/progress.ts';
import { benchSections, sectionRunner } from './sections.ts';

/** The progress line on a terminal, as a reader would see it after each write. */
function terminal() {
  const writes: string[] = [];
  const stream = { isTTY: true, write: (s: string) => writes.push(s) } as never;
  return { stream, writes };
}

describe("the bench's sections", () => {
  it('runs fake sections on one line: each named while it runs, a failure said and the next still run', async () => {
    const { stream, writes } = terminal();
    const saved = process.env.CI;
    delete process.env.CI;
    let clock = 0;
    const log: string[] = [];
    try {
      const progress = sectionProgress('bench', ['bundles', { name: 'handlers', weight: 2 }, 'report'], {
        stream,
        now: () => clock,
      });
      const attempt = sectionRunner(progress, (line) => log.push(line));
      const bundles = await attempt('bundles', async () => {
        clock += 30_000;
        return 135;
      });
      const handlers = await attempt('handlers', async (done) => {
        clock += 30_000;
        done(0.5);
        throw new Error('DynamoDB Local did not answer');
      });
      const report = await attempt('report', async () => 'written');
      progress.finish();
      expect([bundles, handlers, report]).toEqual([
        { value: 135 },
        { missing: 'handlers failed: DynamoDB Local did not answer' },
        { value: 'written' },
      ]);
    } finally {
      if (saved !== undefined) process.env.CI = saved;
    }
    expect(writes).toEqual([
      '\r\x1b[2Kbench: 0 of 3 sections · 0 s',
      '\r\x1b[2Kbench: section 1 of 3, bundles · 0 s',
      '\r\x1b[2Kbench: section 2 of 3, handlers · 30 s · about 1 min 30 s left',
      // bundles (1) and half of handlers (1 of 2) in 60 s: 2 of 4 left.
      '\r\x1b[2Kbench: section 2 of 3, handlers · 1 min · about 1 min left',
      '\r\x1b[2Khandlers failed: DynamoDB Local did not answer\n',
      '\r\x1b[2Kbench: section 2 of 3, handlers · 1 min · about 1 min left',
      '\r\x1b[2Kbench: section 3 of 3, report · 1 min · about 20 s left',
      '\r\x1b[2Kbench: 3 of 3 sections · 1 min · done\n',
    ]);
    expect(log[0]).toBe('bundles…');
    expect(log[1]).toBe('bundles done in 0 s');
    expect(log[3]).toMatch(/^handlers failed: Error: DynamoDB Local did not answer\n {4}at /);
  });

  it('weighs the sections by the knobs: a full run of today’s counts weighs 10 to 25 min', () => {
    const sections = benchSections(
      {
        importRuns: { storefront: 7, other: 7 },
        warmup: 100,
        calls: 1000,
        handlerRounds: 3,
        loadSeconds: 10,
        lighthouseRuns: 5,
        verifyLoads: 100,
      },
      { bundles: 178, handlers: 20, loadedReads: 5, pages: 7 },
    );
    expect(sections.map((s) => (typeof s === 'string' ? s : s.name))).toEqual([
      'bundles',
      'local stack',
      'storefront handlers',
      'gateway load',
      'first-load JS',
      'purchase route JS',
      'Lighthouse',
      'verify page',
      'picture set',
      'first-screen pictures',
    ]);
    const seconds = sections.reduce((sum, s) => sum + (typeof s === 'string' ? 1 : (s.weight ?? 1)), 0);
    expect(seconds / 60).toBeGreaterThan(10);
    expect(seconds / 60).toBeLessThan(25);
  });

  it('are the sections test/bench/run.ts runs, in its order (a section run.ts starts and this list lacks stops the bench)', () => {
    const run = readFileSync(join(import.meta.dirname, 'run.ts'), 'utf8');
    const started = [...run.matchAll(/(?:attempt|progress\.start)\('([^']+)'/g)].map((m) => m[1]);
    const knobs = {
      importRuns: { storefront: 1, other: 1 },
      warmup: 1,
      calls: 1,
      handlerRounds: 1,
      loadSeconds: 1,
      lighthouseRuns: 1,
      verifyLoads: 1,
    };
    const names = benchSections(knobs, { bundles: 1, handlers: 1, loadedReads: 1, pages: 1 }).map((s) =>
      typeof s === 'string' ? s : s.name,
    );
    expect(started).toEqual(names);
  });
});
