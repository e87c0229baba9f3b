import { SHOP_ZONE_NAME, windowInWords } from '#shared/time-words.ts';

export { windowInWords };

/**
 * The mail telling members a release draw opens (template 'draw-opening'): the piece, the entry
 * window in words a person reads, in the shop's zone and named (never an ISO time), and the
 * draw's page. Pure: no AWS.
 */
export interface DrawOpeningContent {
  pieceName: string;
  opensAt: string;
  closesAt: string;
  drawLink: string;
}

/** The shop's zone as the mail names it (shared/time-words.ts). */
export const WINDOW_ZONE_NAME = SHOP_ZONE_NAME;

export function drawOpeningMailData(
  content: DrawOpeningContent,
  unsubscribeLink: string,
  now: Date,
): Record<string, string> {
  return {
    pieceName: content.pieceName,
    window: windowInWords(content.opensAt, content.closesAt, now),
    drawLink: content.drawLink,
    unsubscribeLink,
  };
}
