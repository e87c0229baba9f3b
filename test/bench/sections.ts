import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';
import type { Section, SectionProgress } from '../../infra/progress.ts';
import type { Outcome } from './report.ts';

/**
 * The bench's sections as its progress line shows them (test/bench/run.ts), each weighted by
 * about how many seconds it takes on the two-core development machine with the given knobs, so
 * the line's estimate is about right from the first section on. Only the estimate uses them.
 */
export const SECONDS = {
  /** esbuild's rebuild of every function, for its account of what fills the bundles. */
  bundleBuild: 10,
  /** One paired import run of one bundle: an empty module's process, then the bundle's. */
  importRun: 0.12,
  /** One in-process handler call, warm-up or timed. */
  handlerCall: 0.0025,
  /** One Lighthouse run of one page (mobile, 4× CPU slowdown). */
  lighthouseRun: 7,
  /** One load of the /verify page to its verdict (a phone's CPU slowdown), a fresh context or a reload. */
  verifyLoad: 0.4,
};

export interface BenchKnobs {
  importRuns: { storefront: number; other: number };
  warmup: number;
  calls: number;
  handlerRounds: number;
  loadSeconds: number;
  lighthouseRuns: number;
  /** Loads of /verify#<code>: first visits, as many repeat visits, as many first visits at a fixed 4×. */
  verifyLoads: number;
}

export interface BenchCounts {
  bundles: number;
  handlers: number;
  loadedReads: number;
  pages: number;
}

export function benchSections(knobs: BenchKnobs, counts: BenchCounts): Section[] {
  return [
    { name: 'bundles', weight: SECONDS.bundleBuild + importSeconds(knobs, counts.bundles) },
    { name: 'local stack', weight: 10 },
    {
      name: 'storefront handlers',
      weight: counts.handlers * knobs.handlerRounds * (knobs.warmup + knobs.calls) * SECONDS.handlerCall,
    },
    { name: 'gateway load', weight: counts.loadedReads * (knobs.loadSeconds + 0.5) },
    { name: 'first-load JS', weight: 2 },
    { name: 'purchase route JS', weight: 3 },
    // Through the HTTP/2 front, then straight to the gateway.
    { name: 'Lighthouse', weight: 5 + 2 * counts.pages * knobs.lighthouseRuns * SECONDS.lighthouseRun },
    { name: 'verify page', weight: 5 + 3 * knobs.verifyLoads * SECONDS.verifyLoad },
    { name: 'picture set', weight: 8 },
    { name: 'first-screen pictures', weight: 5 },
  ];
}

function importSeconds(knobs: BenchKnobs, bundles: number): number {
  return bundles * knobs.importRuns.other * SECONDS.importRun;
}

/** The share of the bundles section done once esbuild's rebuild is (the import runs follow). */
export function bundleBuildShare(knobs: BenchKnobs, bundles: number): number {
  return SECONDS.bundleBuild / (SECONDS.bundleBuild + importSeconds(knobs, bundles));
}

/** A log written to a file (emptied first) rather than the terminal: `[prefix] line`. */
export function fileLog(file: string, prefix: string): (line: string) => void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  return (line) => appendFileSync(file, `[${prefix}] ${line}\n`);
}

export type Attempt = <T>(
  part: string,
  fn: (progress: (fraction: number) => void) => Promise<T>,
) => Promise<Outcome<T>>;

/**
 * Runs one section after another on the progress line: the section's own lines go to `log`, a
 * section that fails is said on the terminal (and in full in `log`), written down as not
 * measured, and the next one still runs. `fn` may say how much of its section is done.
 */
export function sectionRunner(progress: SectionProgress, log: (line: string) => void): Attempt {
  return async (part, fn) => {
    progress.start(part);
    const started = performance.now();
    log(`${part}…`);
    try {
      const value = await fn((fraction) => progress.part(fraction));
      log(`${part} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return { value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${part} failed: ${inspect(error)}`);
      progress.log(`${part} failed: ${message}`);
      return { missing: `${part} failed: ${message}` };
    }
  };
}
