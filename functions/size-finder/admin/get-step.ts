import { getStepContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { finderView, stepView } from '../entities/size-finder.ts';
import { finderOr404, stepOr404 } from './load.ts';

/** GET /step?id&sizeFinderId — one step (with its number of options) and its finder. */
export const handler = defineAdminHandler(getStepContract, async ({ query }) => {
  const parts = await finderOr404(query.sizeFinderId);
  const step = stepOr404(parts, query.id);
  return { status: 200 as const, step: stepView(step, parts.options), finder: finderView(parts.finder) };
});
