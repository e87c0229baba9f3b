import { getProduct } from '#catalog/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { DRAW_MESSAGES, getDrawContract } from '#shared/contracts/draws.ts';
import { getDraw } from '../entities/draw.ts';
import { publicDraw } from '../views.ts';

/** GET /draws/{drawId}: the draw's window, where it stands, and its public files. */
export const handler = defineHandler(getDrawContract, async ({ path }) => {
  const draw = await getDraw(path.drawId);
  if (!draw) throw httpError(404, DRAW_MESSAGES.noDraw);
  const piece = await getProduct(draw.pid);
  return { status: 200 as const, draw: publicDraw(draw, piece?.name ?? draw.pid) };
});
