import { notFound } from '#platform/http-error.ts';
import { sizelistByTidContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getCollectionWithSizes } from '../../entities/collection.ts';

/** GET /sizelist-by-tid?tid: a collection's sizes in order, for a select: `{ val, text, gender, index }`. */
export const handler = defineAdminHandler(sizelistByTidContract, async ({ query }) => {
  const { type, sizes } = await getCollectionWithSizes(query.tid);
  if (!type) throw notFound('collection');
  return {
    status: 200 as const,
    sizes: sizes
      .sort((a, b) => a.index - b.index)
      .map((s) => ({ val: s.id, text: s.name, gender: s.gender, index: s.index })),
  };
});
