import { shopUrl } from '#authenticity/index.ts';

/** The draw's page and an entry's page, as mails link them. */
export const DRAW_PAGE = '/draw';
export const drawLink = (drawId: string) => `${shopUrl()}${DRAW_PAGE}/${drawId}`;
/** The entry's page without its secret (a redirecting provider sends the entrant back there; their tab keeps it). */
export const entryPageLink = (drawId: string, entryId: string) => `${drawLink(drawId)}/entry/${entryId}`;

/** The entry's page; its secret rides in the fragment, which no server ever receives. */
export const entryLink = (drawId: string, entryId: string, token: string) =>
  `${drawLink(drawId)}/entry/${entryId}#${token}`;

/** The mailed link to the entry form (issue 44); its token in the fragment, as the entry's. */
export const entryFormLink = (drawId: string, token: string) => `${drawLink(drawId)}/enter#${token}`;

/** Where one becomes a member (000 §2). */
export const membershipLink = () => `${shopUrl()}/world/membership`;
