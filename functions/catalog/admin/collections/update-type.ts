import { updateTypeContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminCollectionView, updateCollection } from '../../entities/collection-writes.ts';

/** PATCH /types: a collection's fields (blank optional fields are cleared). */
export const handler = defineAdminHandler(updateTypeContract, async ({ body }, event) => {
  const { id, ...fields } = body;
  return { status: 200 as const, type: adminCollectionView(await updateCollection(id, fields, event.admin)) };
});
