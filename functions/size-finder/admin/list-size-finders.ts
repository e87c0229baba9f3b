import { notFound } from '#platform/http-error.ts';
import { listSizeFindersContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { findersOfCollection, finderView } from '../entities/size-finder.ts';

/** GET /size-finder?tid&offset&pageSize — a collection and its size finders (one per gender). */
export const handler = defineAdminHandler(listSizeFindersContract, async ({ query }) => {
  const { type, finders } = await findersOfCollection(query.tid);
  if (!type) throw notFound('collection');
  return {
    status: 200 as const,
    type: { id: type.id, name: type.name, gender: type.gender },
    ...pageOf(finders.map(finderView), query.offset, query.pageSize),
  };
});
