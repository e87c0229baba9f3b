import { listOfferablePieces } from '#catalog/index.ts';
import { offerablePiecesContract } from '#shared/contracts/draws.ts';
import { defineAdminHandler } from '#staff/index.ts';

/**
 * GET /draw-pieces: the pieces a draw can offer now, by name, collection and picture, for the
 * new draw's piece picker. POST /draws still checks the piece it is given.
 */
export const handler = defineAdminHandler(offerablePiecesContract, async () => ({
  status: 200 as const,
  pieces: (await listOfferablePieces(Date.now())).sort(
    (a, b) => a.typeName.localeCompare(b.typeName) || a.name.localeCompare(b.name),
  ),
}));
