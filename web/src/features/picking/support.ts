import type { PublicAnswer } from '../../lib/api-types.ts';
import { historyIndex } from '../../lib/back.ts';
import { SHOP } from '../../lib/shop-settings.ts';

export const SUPPORT_EMAIL = SHOP.supportEmail;

/** 000 §9: size finder results are reported within 7 business days. */
export const FINDER_RESULT_DAYS = 7;

/** GET /sizes-by-type, read by the size picker and the size guide. */
export type SizesAnswer = PublicAnswer<'/sizes-by-type'>;

/** A size the shopper may not have: the old client sends the text 'null'. */
export function hasSize(size: string | undefined): size is string {
  return size !== undefined && size !== '' && size !== 'null' && size !== 'undefined';
}

/** Whether the router can go one step back inside the app (its history index is above 0). */
export function canGoBack(): boolean {
  return historyIndex() > 0;
}
