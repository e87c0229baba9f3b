import { getType } from '#catalog/index.ts';
import { listStepsContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { finderView, stepView } from '../entities/size-finder.ts';
import { hasEmailStep } from '../rules/email-step.ts';
import { finderOr404 } from './load.ts';

/** GET /all-steps?id&offset&pageSize — a finder (id) with its collection and its steps in order. */
export const handler = defineAdminHandler(listStepsContract, async ({ query }) => {
  const parts = await finderOr404(query.id);
  const type = await getType(parts.finder.typeId, ['id', 'name', 'gender']);
  return {
    status: 200 as const,
    finder: finderView(parts.finder),
    type: type ? { id: type.id, name: type.name, gender: type.gender } : undefined,
    hasEmailStep: hasEmailStep(parts.steps),
    ...pageOf(
      parts.steps.map((s) => stepView(s, parts.options)),
      query.offset,
      query.pageSize,
    ),
  };
});
