import { describe, expect, it } from 'vitest';
import { eachWithin } from '#platform/each-within.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the reconciliation settles orders side by side, within its budget', () => {
  it('runs every item once, never more than the concurrency at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const left = await eachWithin([...Array(20).keys()], 6, Date.now() + 60_000, async (i) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(5 + (i % 3) * 5);
      seen.push(i);
      running -= 1;
    });
    expect(left).toBe(0);
    expect(most).toBe(6);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('starts nothing once the budget is spent, and says how many it left', async () => {
    const started: number[] = [];
    const left = await eachWithin([...Array(12).keys()], 2, Date.now() + 50, async (i) => {
      started.push(i);
      await sleep(40);
    });
    // Two at once, 40 ms each, starts stop at 50 ms: 4 started (at 0, 0, ~40, ~40), or 2 on a
    // machine so busy the first two end late; the rest are left, and counted.
    expect([2, 4]).toContain(started.length);
    expect(left).toBe(12 - started.length);
  });
});
