import { notFound } from '#platform/http-error.ts';
import { listSizesContract } from '#shared/contracts/catalog-admin-sizes.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { allSizes, sizesOfCollection } from '../../entities/size.ts';

/**
 * GET /sizes?offset&pageSize&typeId — sizes, a page at a time (10 by default), collection by
 * collection, each collection's in size order; every row carries its collection's name.
 */
export const handler = defineAdminHandler(listSizesContract, async ({ query }) => {
  if (query.typeId) {
    const { type, sizes } = await sizesOfCollection(query.typeId);
    if (!type) throw notFound('collection');
    const rows = sizes.map((s) => ({ ...s, typeName: type.name }));
    return { status: 200 as const, ...pageOf(rows, query.offset, query.pageSize) };
  }
  const { types, sizes } = await allSizes();
  const names = new Map(types.map((t) => [t.id, t.name]));
  const rows = sizes.map((s) => ({ ...s, typeName: names.get(s.typeId) }));
  return { status: 200 as const, ...pageOf(rows, query.offset, query.pageSize) };
});
