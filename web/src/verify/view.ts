import { SHOP } from '../lib/shop-settings.ts';
import type { Line } from './online.ts';
import { NEXT_STEPS, type NextStep, type PieceWords, pieceInCollection, WRITE_TO } from './wording.ts';

/**
 * The page's few elements (web/verify.html): the verdict, the piece in words, what to do when
 * it is not authentic, the online checks beneath, a note and the shop's address.
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

/** The piece's name and colours, and its place in its collection, as its certificate gives them. */
export function showPiece(piece: PieceWords): void {
  element('piece-name').textContent = piece.description;
  element('piece-place').textContent = pieceInCollection(piece);
  element('piece').hidden = false;
}

/**
 * The shop's support address, linked with the page's link in the message (the code, which the
 * shop needs to look into it); without an address in the page's settings, its contact page.
 */
function contactLink(): HTMLAnchorElement {
  const link = document.createElement('a');
  if (SHOP.supportEmail) {
    const body = `The passport I checked: ${location.href}`;
    link.href = `mailto:${SHOP.supportEmail}?subject=${encodeURIComponent('Passport check')}&body=${encodeURIComponent(body)}`;
    link.textContent = SHOP.supportEmail;
  } else {
    link.href = '/more/contact_us';
    link.textContent = 'contact the shop';
  }
  return link;
}

/** What to do now, with the shop's address; said once, for the gravest finding. */
export function showNextStep(step: NextStep): void {
  const next = element('next');
  next.replaceChildren(`${NEXT_STEPS[step]} ${WRITE_TO} `, contactLink(), '.');
  next.hidden = false;
}

/** The footer's address: the shop's, so that whoever scanned a card can always reach it. */
export function showContact(): void {
  element('contact-mail').replaceChildren(contactLink());
}

export function showChecking(checking: boolean): void {
  element('checks').setAttribute('aria-busy', String(checking));
  if (!checking && performance.getEntriesByName(CHECKED_MARK).length === 0) performance.mark(CHECKED_MARK);
}
