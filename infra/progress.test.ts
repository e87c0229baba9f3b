import { describe, expect, it } from 'vitest';
import { duration, progressLine, progressText, sectionProgress, sectionsText } from './progress.ts';

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
    // One of 138 after a slow start says little about the pace: no estimate before 3%.
    expect(progressText('synth', 1, 138, 5_000)).toBe('synth: 1 of 138 · 5 s');
    expect(progressText('synth', 5, 138, 10_000)).toBe('synth: 5 of 138 · 10 s · about 4 min 26 s left');
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

  it('says done once the step has ended, and until then what runs after the counted work', () => {
    expect(progressText('bundles', 3, 3, 61_000, 'bundles', false)).toBe(
      'bundles: 3 of 3 bundles · 1 min 1 s',
    );
    const lines: string[] = [];
    let clock = 0;
    const stream = { isTTY: false, write: (s: string) => lines.push(s) } as never;
    const progress = progressLine('synth', 1, { stream, now: () => clock, everyMs: 10 });
    progress.advance(0, 'starting');
    progress.advance(1, 'a');
    progress.advance(0, 'templates');
    clock += 2_000;
    progress.finish();
    expect(lines).toEqual(['synth: 0 of 1 · 0 s\n', 'synth: 1 of 1 · 2 s · done\n']);
  });

  it('counts a finished part of the next one in the estimate, not in the count', () => {
    expect(progressText('sections', 1.5, 3, 60_000)).toBe('sections: 1 of 3 · 1 min · about 1 min left');
  });

  it('prints a line of its own above the progress line, which a terminal redraws below it', () => {
    const writes: string[] = [];
    const stream = { isTTY: true, write: (s: string) => writes.push(s) } as never;
    const saved = process.env.CI;
    delete process.env.CI;
    try {
      const progress = progressLine('bundles', 2, { stream, now: () => 0 });
      progress.advance(1, 'a');
      progress.log('a warning');
      progress.finish();
      progress.log('after');
    } finally {
      if (saved !== undefined) process.env.CI = saved;
    }
    expect(writes.slice(-4)).toEqual([
      '\r\x1b[2Ka warning\n',
      '\r\x1b[2Kbundles: 1 of 2 · 0 s · about 0 s left (a)',
      '\r\x1b[2Kbundles: 1 of 2 · 0 s · about 0 s left\n',
      'after\n',
    ]);

    const lines: string[] = [];
    const log = progressLine('bundles', 2, {
      stream: { isTTY: false, write: (s: string) => lines.push(s) } as never,
      now: () => 0,
    });
    log.log('a warning');
    log.finish('made 2 bundles');
    expect(lines).toEqual(['bundles: 0 of 2 · 0 s\n', 'a warning\n', 'made 2 bundles\n']);
  });
});

describe('a line over sections', () => {
  const sections = ['bundles', { name: 'handlers', weight: 2 }, 'report'];

  it('names the running section and estimates from the sections’ weights', () => {
    expect(sectionsText('bench', sections, -1, 0, 2_000)).toBe('bench: 0 of 3 sections · 2 s');
    expect(sectionsText('bench', sections, 0, 0, 2_000)).toBe('bench: section 1 of 3, bundles · 2 s');
    // bundles (1) and half of handlers (1 of 2) in 60 s: 2 of 4 left.
    expect(sectionsText('bench', sections, 1, 0.5, 60_000)).toBe(
      'bench: section 2 of 3, handlers · 1 min · about 1 min left',
    );
    expect(sectionsText('bench', sections, 3, 0, 125_000)).toBe('bench: 3 of 3 sections · 2 min 5 s · done');
    expect(sectionsText('load', sections, 2, 0, 10_000, 'phase')).toBe(
      'load: phase 3 of 3, report · 10 s · about 3 s left',
    );
    expect(sectionsText('load', sections, 3, 0, 12_000, 'phase')).toBe('load: 3 of 3 phases · 12 s · done');
  });

  it('goes through the sections in order, in a log a few lines', () => {
    const lines: string[] = [];
    let clock = 0;
    const stream = { isTTY: false, write: (s: string) => lines.push(s) } as never;
    const progress = sectionProgress('load', sections, { stream, now: () => clock, everyMs: 60_000 });
    progress.start('bundles');
    clock += 10_000;
    progress.start('handlers');
    progress.part(0.5);
    expect(() => progress.start('bundles')).toThrow('no section "bundles" after section 2');
    progress.log('handlers: 3 failed');
    clock += 10_000;
    progress.start('report');
    progress.finish();
    expect(lines).toEqual([
      'load: 0 of 3 sections · 0 s\n',
      'handlers: 3 failed\n',
      'load: 3 of 3 sections · 20 s · done\n',
    ]);
  });

  it('redraws the running section on a terminal, and ends with what the caller says', () => {
    const writes: string[] = [];
    const stream = { isTTY: true, write: (s: string) => writes.push(s) } as never;
    const saved = process.env.CI;
    delete process.env.CI;
    try {
      const progress = sectionProgress('bench', sections, { stream, now: () => 0 });
      progress.start('handlers');
      progress.finish('bench: stopped in handlers');
    } finally {
      if (saved !== undefined) process.env.CI = saved;
    }
    expect(writes).toEqual([
      '\r\x1b[2Kbench: 0 of 3 sections · 0 s',
      '\r\x1b[2Kbench: section 2 of 3, handlers · 0 s · about 0 s left',
      '\r\x1b[2Kbench: stopped in handlers\n',
    ]);
  });
});
