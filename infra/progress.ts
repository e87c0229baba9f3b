/**
 * One line saying where a long step is and what is left: "photographs: 12 of 45 · 1 min 20 s ·
 * about 3 min left". On a terminal the line is redrawn in place (and its clock every second);
 * in a log (CI, a pipe) it is printed at the start, every `everyMs` and at the end, so a long
 * step shows a few lines rather than a wall of them.
 */
export interface Progress {
  /**
   * `done` more of the total are finished (1 by default); `note` names the last one, or what runs
   * now (`advance(0, note)`: before the first, after the last).
   */
  advance(done?: number, note?: string): void;
  /** A line of its own, printed above the progress line (which a terminal then redraws below it). */
  log(line: string): void;
  /** Prints the final line (and stops the clock). */
  finish(summary?: string): void;
}

export interface ProgressOptions {
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** In a log: the time between two lines (15 s). */
  everyMs?: number;
  /** The unit counted, plural: "photographs", "bundles". */
  unit?: string;
  now?: () => number;
}

export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}

/** Below this share done, the pace says too little (a slow start, one unit): no estimate yet. */
const ESTIMATE_FROM = 0.03;

/** "about 3 min left" when `done` of `total` took `elapsedMs`, at the same pace; '' before then. */
function estimate(done: number, total: number, elapsedMs: number): string {
  return done >= total * ESTIMATE_FROM && done > 0 && done < total
    ? `about ${duration((elapsedMs / done) * (total - done))} left`
    : '';
}

/**
 * The line for `done` of `total` after `elapsedMs`; the estimate assumes the same pace (once 3%
 * is done). A fractional `done` (a part of the next one finished) counts in the estimate, not in
 * the count.
 * A full count says 'done' once the step has `ended` (until then, what follows the counted work
 * may still be running).
 */
export function progressText(
  label: string,
  done: number,
  total: number,
  elapsedMs: number,
  unit = '',
  ended = true,
): string {
  const count = `${Math.floor(done)} of ${total}${unit ? ` ${unit}` : ''}`;
  const parts = [`${label}: ${count}`, duration(elapsedMs)];
  if (done >= total) {
    if (ended) parts.push('done');
  } else parts.push(estimate(done, total, elapsedMs));
  return parts.filter(Boolean).join(' · ');
}

interface LiveLine {
  /**
   * Redraws the line (on a terminal; a log gets its lines from the clock); `often` for a step
   * that may come thousands of times: then at most five times a second.
   */
  update(often?: boolean): void;
  log(line: string): void;
  finish(line: string): void;
}

/** The drawing shared by the progress lines: `text()` is the line as it is now. */
function liveLine(text: () => string, options: ProgressOptions): LiveLine {
  const stream = options.stream ?? process.stdout;
  const tty = stream.isTTY === true && process.env.CI === undefined;
  const everyMs = options.everyMs ?? 15_000;
  const now = options.now ?? (() => performance.now());
  let finished = false;
  let drawnAt = Number.NEGATIVE_INFINITY;
  const draw = () => {
    drawnAt = now();
    stream.write(`\r\x1b[2K${text()}`);
  };
  const print = () => stream.write(`${text()}\n`);
  const clock = setInterval(tty ? draw : print, tty ? 1000 : everyMs);
  clock.unref();
  if (tty) draw();
  else print();
  return {
    update(often = false) {
      if (tty && !finished && (!often || now() - drawnAt >= 200)) draw();
    },
    log(line) {
      if (!tty || finished) {
        stream.write(`${line}\n`);
        return;
      }
      stream.write(`\r\x1b[2K${line}\n`);
      draw();
    },
    finish(line) {
      if (finished) return;
      finished = true;
      clearInterval(clock);
      stream.write(tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
    },
  };
}

export function progressLine(label: string, total: number, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let done = 0;
  let note = '';
  let finished = false;
  const text = () => {
    const elapsed = now() - started;
    const line = progressText(label, Math.min(done, total), total, elapsed, options.unit, finished);
    return note && !finished ? `${line} (${note})` : line;
  };
  const line = liveLine(text, options);
  return {
    advance(count = 1, last = '') {
      if (finished) return;
      done += count;
      note = last;
      line.update(true);
    },
    log: (text) => line.log(text),
    finish(summary) {
      if (finished) return;
      finished = true;
      line.finish(summary ?? text());
    },
  };
}

/**
 * A run of named sections, one after another (the bench's parts, the load test's phases): "bench:
 * section 3 of 8, gateway load · 4 min 2 s · about 6 min left". A section's `weight` (1 unless
 * given: its expected share, e.g. its seconds) and the finished part of the running one make the
 * estimate.
 */
export interface SectionProgress {
  /** The named section begins; those before it count as done. */
  start(name: string): void;
  /** `fraction` (0 to 1) of the running section is done. */
  part(fraction: number): void;
  log(line: string): void;
  /** Every section is done (the final line), or `summary` says how it ended. */
  finish(summary?: string): void;
}

export type Section = string | { name: string; weight?: number };

const nameOf = (section: Section) => (typeof section === 'string' ? section : section.name);
const weightOf = (section: Section) => (typeof section === 'string' ? 1 : (section.weight ?? 1));

/**
 * The line with section `current` (0-based; -1 before the first, `sections.length` when all are
 * done) running and `fraction` of it done, after `elapsedMs`. `kind` names a section: "phase".
 */
export function sectionsText(
  label: string,
  sections: readonly Section[],
  current: number,
  fraction: number,
  elapsedMs: number,
  kind = 'section',
): string {
  const total = sections.length;
  const running = sections[current];
  if (running === undefined) {
    const done = current >= total ? total : 0;
    return progressText(label, done, total, elapsedMs, `${kind}s`);
  }
  const weight = (list: readonly Section[]) => list.reduce((sum, s) => sum + weightOf(s), 0);
  const doneWeight =
    weight(sections.slice(0, current)) + Math.min(1, Math.max(0, fraction)) * weightOf(running);
  const parts = [
    `${label}: ${kind} ${current + 1} of ${total}, ${nameOf(running)}`,
    duration(elapsedMs),
    estimate(doneWeight, weight(sections), elapsedMs),
  ];
  return parts.filter(Boolean).join(' · ');
}

export function sectionProgress(
  label: string,
  sections: readonly Section[],
  options: Omit<ProgressOptions, 'unit'> & { kind?: string } = {},
): SectionProgress {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let current = -1;
  let fraction = 0;
  const text = () => sectionsText(label, sections, current, fraction, now() - started, options.kind);
  const line = liveLine(text, options);
  let finished = false;
  return {
    start(name) {
      const index = sections.findIndex((s, i) => i > current && nameOf(s) === name);
      if (index < 0) throw new Error(`${label}: no section "${name}" after section ${current + 1}`);
      current = index;
      fraction = 0;
      line.update();
    },
    part(done) {
      fraction = done;
      line.update();
    },
    log: (text) => line.log(text),
    finish(summary) {
      if (finished) return;
      finished = true;
      if (summary === undefined) current = sections.length;
      line.finish(summary ?? text());
    },
  };
}
