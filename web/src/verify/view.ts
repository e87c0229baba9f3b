import type { Line } from './online.ts';

/**
 * The page's few elements (web/verify.html): the verdict, the online checks beneath it, a note.
 * The first verdict sets the `verdict` performance mark, the end of the online checks the
 * `checked` one; the bench times the latter (test/bench/verify-page.ts).
 */
export const VERDICT_MARK = 'verdict';
/** Set once the online checks are done too (the history proven complete, witnessed, not reported). */
export const CHECKED_MARK = 'checked';

const element = (id: string) => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`verify.html has no #${id}`);
  return found;
};

export function showVerdict(text: string, state: 'authentic' | 'refused' | 'none'): void {
  const verdict = element('verdict');
  verdict.textContent = text;
  verdict.dataset.state = state;
  if (performance.getEntriesByName(VERDICT_MARK).length === 0) performance.mark(VERDICT_MARK);
}

export function showLines(lines: Line[]): void {
  const list = element('checks');
  for (const line of lines) {
    const item = document.createElement('li');
    item.textContent = line.text;
    item.dataset.tone = line.tone;
    // A loss, a fork or a rewrite is said aloud, not only shown.
    if (line.tone === 'bad') item.setAttribute('role', 'alert');
    list.append(item);
  }
}

export function showChecking(checking: boolean): void {
  element('checks').setAttribute('aria-busy', String(checking));
  if (!checking && performance.getEntriesByName(CHECKED_MARK).length === 0) performance.mark(CHECKED_MARK);
}
