import { keptCheckpoint } from './kept.ts';

/** The size of the kept checkpoint, for `?since=` (its second line). */
function keptSize(): string | undefined {
  const size = keptCheckpoint()?.split('\n')[1];
  return size && /^\d{1,12}$/.test(size) ? size : undefined;
}

/**
 * GET /api/passport/pieces/{pid}, with `?since=` the size of the checkpoint this page kept (for
 * the consistency proof). The page's script and its early script (early.ts) ask the same path.
 */
export const piecePath = (pieceId: string) => {
  const since = keptSize();
  return `/api/passport/pieces/${encodeURIComponent(pieceId)}${since ? `?since=${since}` : ''}`;
};
