import { describe, expect, it } from 'vitest';
import { duration, progressLine, progressText } from './progress.ts';

describe('progress line', () => {
  it('says how many, how long and about how long is left', () => {
    expect(progressText('photographs', 0, 45, 4_000)).toBe('photographs: 0 of 45 · 4 s');
    expect(progressText('photographs', 9, 45, 90_000)).toBe(
      'photographs: 9 of 45 · 1 min 30 s · about 6 min left',
    );
    expect(progressText('bundles', 3, 3, 61_000, 'bundles')).toBe(
      'bundles: 3 of 3 bundles · 1 min 1 s · done',
    );
    expect(duration(120_400)).toBe('2 min');
  });

  it('writes a log a few lines, not one per step', () => {
    const lines: string[] = [];
    let clock = 0;
    const stream = { isTTY: false, write: (s: string) => lines.push(s) } as never;
    const progress = progressLine('sets', 100, { stream, now: () => clock });
    for (let i = 0; i < 100; i++) {
      clock += 1000;
      progress.advance();
    }
    progress.finish();
    expect(lines).toEqual(['sets: 0 of 100 · 0 s\n', 'sets: 100 of 100 · 1 min 40 s · done\n']);
  });

  it('redraws one line in place on a terminal', () => {
    const writes: string[] = [];
    const stream = { isTTY: true, write: (s: string) => writes.push(s) } as never;
    const saved = process.env.CI;
    delete process.env.CI;
    try {
      let clock = 0;
      const progress = progressLine('sets', 2, { stream, now: () => clock });
      progress.advance(1, 'a.jpg');
      clock = 150;
      progress.advance(0, 'soon redrawn');
      clock = 300;
      progress.advance(0, 'a.jpg');
      progress.finish('made 2 sets');
    } finally {
      if (saved !== undefined) process.env.CI = saved;
    }
    expect(writes.every((w) => w.startsWith('\r\x1b[2K'))).toBe(true);
    // Drawn at the start and 300 ms later, not for the step 150 ms after the first.
    expect(writes).toHaveLength(3);
    expect(writes.at(-2)).toContain('sets: 1 of 2 · 0 s · about 0 s left (a.jpg)');
    expect(writes.at(-1)).toBe('\r\x1b[2Kmade 2 sets\n');
  });
});
