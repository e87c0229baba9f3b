import type { EntityFileDoc } from '#platform/table-doc.ts';
/**
 * The release draws' table items (issue 35), the only place that knows their keys. A draw's
 * partition holds the draw, its entries and the uniqueness items of those entered; the piece's
 * pointer says which draw of the piece is not settled yet (at most one).
 */
export const drawPk = (drawId: string) => `DRAW#${drawId}`;
export const drawKey = (drawId: string) => ({ pk: drawPk(drawId), sk: '#DRAW' });
export const ENTRY_PREFIX = 'ENTRY#';
export const entryKey = (drawId: string, entryId: string) => ({
  pk: drawPk(drawId),
  sk: `${ENTRY_PREFIX}${entryId}`,
});
/** One entered entry per normalised e-mail within the draw. */
export const emailKey = (drawId: string, email: string) => ({ pk: drawPk(drawId), sk: `EMAIL#${email}` });
/** One entered entry per shipping address (SHA-256 of its normalised text) within the draw. */
export const addressKey = (drawId: string, digest: string) => ({ pk: drawPk(drawId), sk: `ADDR#${digest}` });
/** One entered entry per payer (the provider's fingerprint of the card or account) within the draw. */
export const cardKey = (drawId: string, fingerprint: string) => ({
  pk: drawPk(drawId),
  sk: `CARD#${fingerprint}`,
});
/** How many entries the draw refused, one attribute per reason. */
export const refusalsKey = (drawId: string) => ({ pk: drawPk(drawId), sk: '#REFUSALS' });

/** The piece's draw not settled yet (open, closing or closed): at most one. */
export const pieceDrawKey = (pid: string) => ({ pk: `DRAWOF#${pid}`, sk: '#DRAW' });

/**
 * The draws the job still has work on (open, closing, closed), on gsi2 by close time: a sparse
 * list, each draw leaving it once drawn or empty.
 */
export const ACTIVE_DRAWS_LIST = 'DRAWS#ACTIVE';
export const activeDrawIndex = (closesAt: string, drawId: string) => ({
  gsi2pk: ACTIVE_DRAWS_LIST,
  gsi2sk: `${closesAt}#${drawId}`,
});

/** Every draw, newest first, on gsi1: the admin's list. */
export const ALL_DRAWS_LIST = 'DRAWS';
export const allDrawsIndex = (createdAt: string, drawId: string) => ({
  gsi1pk: ALL_DRAWS_LIST,
  gsi1sk: `${createdAt}#${drawId}`,
});

/** Drawn draws whose sale, holds and mails are not all done yet (the job settles them). */
export const SETTLING_DRAWS_LIST = 'DRAWS#SETTLING';

/** Where the draw's public files live in the media bucket (CloudFront serves /draws/*). */
export const entriesFile = (drawId: string) => `draws/${drawId}/entries.txt`;
export const resultFile = (drawId: string) => `draws/${drawId}/result.json`;
export const witnessedFile = (drawId: string) => `draws/${drawId}/witnessed.json`;

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: {
    to: 'Release draw (issue 35: `open` → `closing` → `closed` → `drawn` → `settled`, or `empty`)',
    what: "the draws' keys",
  },
};
