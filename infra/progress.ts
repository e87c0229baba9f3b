/**
 * One line saying where a long step is and what is left: "photographs: 12 of 45 · 1 min 20 s ·
 * about 3 min left". On a terminal the line is redrawn in place (and its clock every second);
 * in a log (CI, a pipe) it is printed at the start, every `everyMs` and at the end, so a long
 * step shows a few lines rather than a wall of them.
 */
export interface Progress {
  /** `done` more of the total are finished (1 by default); `note` names the last one. */
  advance(done?: number, note?: string): void;
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

/** The line for `done` of `total` after `elapsedMs`; the estimate assumes the same pace. */
export function progressText(
  label: string,
  done: number,
  total: number,
  elapsedMs: number,
  unit = '',
): string {
  const count = `${done} of ${total}${unit ? ` ${unit}` : ''}`;
  const parts = [`${label}: ${count}`, duration(elapsedMs)];
  if (done >= total) parts.push('done');
  else if (done > 0) parts.push(`about ${duration((elapsedMs / done) * (total - done))} left`);
  return parts.join(' · ');
}

export function progressLine(label: string, total: number, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stdout;
  const tty = stream.isTTY === true && process.env.CI === undefined;
  const everyMs = options.everyMs ?? 15_000;
  const now = options.now ?? (() => performance.now());
  const started = now();
  let done = 0;
  let note = '';
  let finished = false;
  const text = () => {
    const line = progressText(label, Math.min(done, total), total, now() - started, options.unit);
    return note && done < total ? `${line} (${note})` : line;
  };
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
    advance(count = 1, last = '') {
      if (finished) return;
      done += count;
      note = last;
      // A terminal is redrawn at most five times a second, however fast the steps come.
      if (tty && now() - drawnAt >= 200) draw();
    },
    finish(summary) {
      if (finished) return;
      finished = true;
      clearInterval(clock);
      const line = summary ?? text();
      stream.write(tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
    },
  };
}
