import { collectionPath } from '#shared/pages/public-pages.ts';
import type { NavTarget } from './nav-input.ts';

/**
 * A collection's page as the shop links to it (issue 47): its landing, or a single collection's
 * list of pieces, at its canonical address (type and gender, nothing else, in that order), which
 * is the page rendered ahead of time: what a shopper's address bar shows and shares is that page.
 */
export function collectionTarget(typeId: string, gender: 0 | 1, single: boolean): NavTarget {
  const [pathname = '', query = ''] = collectionPath({ typeId, gender, single }).split('?');
  return { pathname, search: `?${query}` };
}

/** The values a collection's page reads, as the link's state too (nav-input.ts). */
export const collectionValues = (typeId: string, gender: 0 | 1) => ({ type: typeId, gender });
