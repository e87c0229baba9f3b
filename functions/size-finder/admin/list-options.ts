import { listOptionsContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { withoutKeys } from '#table/query.ts';
import { finderView, stepView } from '../entities/size-finder.ts';
import { finderOr404, optionsOf, stepOr404 } from './load.ts';

/** GET /all-options?id&sizeFinderId&offset&pageSize — a step (id) with its options in order. */
export const handler = defineAdminHandler(listOptionsContract, async ({ query }) => {
  const parts = await finderOr404(query.sizeFinderId);
  const step = stepOr404(parts, query.id);
  return {
    status: 200 as const,
    finder: finderView(parts.finder),
    step: stepView(step, parts.options),
    ...pageOf(optionsOf(parts, step.id).map(withoutKeys), query.offset, query.pageSize),
  };
});
