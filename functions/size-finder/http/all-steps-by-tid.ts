import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { allStepsByTidContract } from '#shared/contracts/size-finder-public.ts';
import { getCollectionWithFinder } from '../entities/size-finder.ts';
import { publicSteps } from '../rules/public-steps.ts';

/** GET /all-steps-by-tid?tid&gender: the size finder of a collection for a gender, steps with options. */
export const handler = defineHandler(allStepsByTidContract, async ({ query }) => {
  const { type, finders, steps, options } = await getCollectionWithFinder(query.tid, query.gender);
  if (!type) throw notFound('collection');
  const finder = finders.find((f) => f.gender === query.gender);
  if (!finder) return { status: 200 as const, list: [] };
  const own = steps.filter((s) => s.sizeFinderId === finder.id);
  return {
    status: 200 as const,
    list: publicSteps(
      own,
      options.filter((o) => o.sizeFinderId === finder.id),
    ),
  };
});
