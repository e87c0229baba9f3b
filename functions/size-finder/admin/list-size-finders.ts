import { notFound } from '#platform/http-error.ts';
import { listSizeFindersContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { findersOfCollection, finderView, loadFinder } from '../entities/size-finder.ts';
import { hasEmailStep } from '../rules/email-step.ts';

/**
 * GET /size-finder?tid&offset&pageSize — a collection and its size finders (one per gender),
 * each saying whether it asks for the shopper's email.
 */
export const handler = defineAdminHandler(listSizeFindersContract, async ({ query }) => {
  const { type, finders } = await findersOfCollection(query.tid);
  if (!type) throw notFound('collection');
  // At most one finder per gender: reading each one's steps costs a query or two.
  const list = await Promise.all(
    finders.map(async (f) => ({
      ...finderView(f),
      hasEmailStep: hasEmailStep((await loadFinder(f.id)).steps),
    })),
  );
  return {
    status: 200 as const,
    type: { id: type.id, name: type.name, gender: type.gender },
    ...pageOf(list, query.offset, query.pageSize),
  };
});
