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

/** Where the draw's public files live in the media bucket (CloudFront serves /draws/*). */
export const entriesFile = (drawId: string) => `draws/${drawId}/entries.txt`;
export const resultFile = (drawId: string) => `draws/${drawId}/result.json`;
