import { getType } from '#catalog/index.ts';
import { badRequest, notFound } from '#platform/http-error.ts';
import { getSizeFinderContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { findersOfCollection, finderView, loadFinder } from '../entities/size-finder.ts';

/**
 * GET /size-finder-id?id — one size finder with its collection; or ?tid&gender — the finder of
 * that collection and gender (its id is the answer's `id`).
 */
export const handler = defineAdminHandler(getSizeFinderContract, async ({ query }) => {
  if (query.id) {
    const { finder } = await loadFinder(query.id);
    if (!finder) throw notFound('size finder');
    const type = await getType(finder.typeId, ['id', 'name', 'gender']);
    return {
      status: 200 as const,
      id: finder.id,
      finder: finderView(finder),
      type: type ? { id: type.id, name: type.name, gender: type.gender } : undefined,
    };
  }
  if (!query.tid || query.gender === undefined) throw badRequest('id, or tid and gender, are required');
  const { type, finders } = await findersOfCollection(query.tid);
  if (!type) throw notFound('collection');
  const finder = finders.find((f) => f.gender === query.gender);
  if (!finder) throw notFound('size finder');
  return {
    status: 200 as const,
    id: finder.id,
    finder: finderView(finder),
    type: { id: type.id, name: type.name, gender: type.gender },
  };
});
