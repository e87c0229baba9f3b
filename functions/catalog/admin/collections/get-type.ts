import { getTypeAdminContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { requireCollection } from '../../entities/collection.ts';
import { adminCollectionView } from '../../entities/collection-writes.ts';

/**
 * GET /type-admin?id: one collection with every field for the edit form, the admin-only ones
 * too (discountCode, authPortalText) that the storefront's GET /type never shows.
 */
export const handler = defineAdminHandler(getTypeAdminContract, async ({ query }) => ({
  status: 200 as const,
  type: adminCollectionView(await requireCollection(query.id)),
}));
