import { createTypeContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminCollectionView, createCollection } from '../../entities/collection-writes.ts';

/**
 * POST /types: a new collection with every field and its men's and women's product images
 * (urls from /upload-url; at least one picture in one set).
 */
export const handler = defineAdminHandler(createTypeContract, async ({ body }, event) => ({
  status: 200 as const,
  type: adminCollectionView(await createCollection(body, event.admin)),
}));
