import { httpError } from '#platform/http-error.ts';
import { adminDrawContract, DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminDraw } from '../admin-counts.ts';
import { getDraw } from '../entities/draw.ts';

/** GET /draws/{drawId}/admin: one draw for staff (its files are public: the page replays them). */
export const handler = defineAdminHandler(adminDrawContract, async ({ path }) => {
  const draw = await getDraw(path.drawId);
  if (!draw) throw httpError(404, DRAW_MESSAGES.noDraw);
  return { status: 200 as const, draw: await adminDraw(draw) };
});
