import { describe, expect, it } from 'vitest';
import { slidingAllows, slidingThresholds } from './rate-limit.ts';

/** The sliding-window condition as the conditional write evaluates it, attempt by attempt. */
function burst(max: number, windowSeconds: number, times: number[]): number {
  const counts = new Map<number, number>();
  let accepted = 0;
  for (const t of times) {
    const start = Math.floor(t / windowSeconds) * windowSeconds;
    const elapsed = (t - start) / windowSeconds;
    const current = counts.get(start) ?? 0;
    const previous = counts.get(start - windowSeconds) ?? 0;
    if (slidingAllows(max, elapsed, current, previous)) {
      counts.set(start, current + 1);
      accepted++;
    }
  }
  return accepted;
}

describe('sliding-window limits', () => {
  it('let a burst straddling a window boundary through at most max (a fixed window let 2x)', () => {
    for (const max of [1, 3, 5, 10, 20]) {
      for (const windowSeconds of [600, 900, 3600, 86_400]) {
        const boundary = windowSeconds * 1000;
        // 2·max attempts within a few seconds either side of the boundary.
        const times = Array.from({ length: 4 * max }, (_, i) => boundary - 2 + (4 * i) / (4 * max));
        expect(burst(max, windowSeconds, times), `max ${max}, window ${windowSeconds}`).toBe(max);
      }
    }
  });

  it('stay within the documented tolerance for a burst spread over d seconds: max + floor(max·d/window)', () => {
    const max = 10;
    const windowSeconds = 600;
    for (const d of [10, 60, 120, 300]) {
      const boundary = windowSeconds * 100;
      const times = Array.from({ length: 200 }, (_, i) => boundary - d / 2 + (d * i) / 200);
      expect(burst(max, windowSeconds, times)).toBeLessThanOrEqual(
        max + Math.floor((max * d) / windowSeconds),
      );
    }
  });

  it('give the whole allowance back once a full window has passed', () => {
    const times = [...Array.from({ length: 10 }, () => 1199), ...Array.from({ length: 12 }, () => 1801)];
    expect(burst(10, 600, times)).toBe(20);
  });

  it('keep the condition small and never looser when it has to be coarse', () => {
    expect(slidingThresholds(10, 0)).toHaveLength(10);
    const coarse = slidingThresholds(500, 0.3);
    expect(coarse.length).toBeLessThanOrEqual(32);
    // Coarse, yet exact for a subject with nothing in the previous window: the whole limit.
    expect(coarse[0]).toEqual([0, 500]);
    expect(slidingThresholds(200, 0)[0]).toEqual([0, 200]);
    for (let previous = 0; previous < 600; previous += 7) {
      for (let current = 0; current < 500; current += 13) {
        const exact = current + Math.ceil(previous * 0.7 - 1e-9) < 500;
        const allowed = coarse.some(([p, below]) => previous <= p && current < below);
        if (allowed) expect(exact, `previous ${previous} current ${current}`).toBe(true);
      }
    }
  });
});
