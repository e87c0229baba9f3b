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
    item.dataset.tone = line.tone;
    // A loss, a fork or a rewrite is said aloud, not only shown: by the item's text, so that the
    // item stays a list item (an alert role on the <li> itself takes it out of the list).
    if (line.tone === 'bad') {
      const said = document.createElement('span');
      said.setAttribute('role', 'alert');
      said.textContent = line.text;
      item.append(said);
    } else item.textContent = line.text;
    list.append(item);
  }
}

export function showChecking(checking: boolean): void {
  element('checks').setAttribute('aria-busy', String(checking));
  if (!checking && performance.getEntriesByName(CHECKED_MARK).length === 0) performance.mark(CHECKED_MARK);
}
