import { announceOnSale } from '#members/index.ts';
import { updateTypeContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getCollection } from '../../entities/collection.ts';
import { adminCollectionView, updateCollection } from '../../entities/collection-writes.ts';

/**
 * PATCH /types: a collection's fields (blank optional fields are cleared). Pre-sale unticked: the
 * collection goes on sale, and the members are told once (members' announceOnSale, issue 45).
 */
export const handler = defineAdminHandler(updateTypeContract, async ({ body }, event) => {
  const { id, ...fields } = body;
  const before = await getCollection(id, ['preSale']);
  const type = await updateCollection(id, fields, event.admin);
  if (before?.preSale && !type.preSale) await announceOnSale(id, event.admin);
  return { status: 200 as const, type: adminCollectionView(type) };
});
