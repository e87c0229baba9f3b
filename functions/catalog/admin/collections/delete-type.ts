import { deleteTypeContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteCollection } from '../../entities/collection-writes.ts';

/**
 * DELETE /types?id: an empty collection, with its images, videos and shipping prices. While it
 * still has products, sizes or size finders: 409 with what is left (the screen says "Error").
 */
export const handler = defineAdminHandler(deleteTypeContract, async ({ query }, event) => {
  await deleteCollection(query.id, event.admin);
  return { status: 200 as const };
});
