import { getOptionContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { finderView, stepView } from '../entities/size-finder.ts';
import { finderOr404, optionOr404, stepOfOption } from './load.ts';

/** GET /option?id&sizeFinderId — one option with its step and finder. */
export const handler = defineAdminHandler(getOptionContract, async ({ query }) => {
  const parts = await finderOr404(query.sizeFinderId);
  const option = optionOr404(parts, query.id);
  const step = stepOfOption(parts, option);
  return {
    status: 200 as const,
    option,
    step: stepView(step, parts.options),
    finder: finderView(parts.finder),
  };
});
