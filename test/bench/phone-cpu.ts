import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';
import { median } from './stats.ts';

/**
 * How much to slow the bench's Chromium so that it runs as a mid-tier phone does (Lighthouse's
 * target, a Moto G4 class device), as Lighthouse's docs say to calibrate it (docs/throttling.md,
 * "Calibrating the CPU slowdown"): from the machine's BenchmarkIndex, by Lighthouse's CPU
 * throttling calculator (patrickhulce/lighthouse-cpu-throttling-calculator: 800 → 2×, 1300 → 3×,
 * then one more × every 233 points). Lighthouse's fixed 4× is right only for an index near 1533;
 * this shared machine measures 1240–2060 from one hour to the next.
 */
export function phoneSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150)
    throw new Error(`a BenchmarkIndex of ${benchmarkIndex} is too slow to emulate a mid-tier phone`);
  const rate =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(rate * 100) / 100;
}

/**
 * The machine's BenchmarkIndex in `browser` (Lighthouse's own page function), now: the median of
 * three runs after one to warm V8 up, in a page of its own.
 */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const run = () => page.evaluate(pageFunctions.computeBenchmarkIndex);
    await run();
    return median([await run(), await run(), await run()]);
  } finally {
    await context.close();
  }
}
