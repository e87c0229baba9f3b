import { getProduct } from '#catalog/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { entryStatusContract } from '#shared/contracts/draws.ts';
import { getDraw } from '../entities/draw.ts';
import { entrantsEntry } from '../entrant.ts';
import { entryView, publicDraw } from '../views.ts';

/** POST /draws/{drawId}/entries/{entryId}/status { token }: the entrant's entry and the draw. */
export const handler = defineHandler(entryStatusContract, async ({ path, body }) => {
  const entry = await entrantsEntry(path.drawId, path.entryId, body.token);
  const draw = await getDraw(path.drawId);
  if (!draw) throw new Error(`entry ${entry.entryId} has no draw`);
  const piece = await getProduct(draw.pid);
  return {
    status: 200 as const,
    entry: entryView(entry, draw),
    draw: publicDraw(draw, piece?.name ?? draw.pid),
  };
});
