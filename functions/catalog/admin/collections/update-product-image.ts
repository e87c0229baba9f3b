import { updateProductImageContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminCollectionView, setImageSet } from '../../entities/collection-writes.ts';

/**
 * PATCH /types/productimage { id, gender: 0 women | 1 men, urls }: the set as it should be, in
 * order (kept urls, new uploads from /upload-url; left-out pictures are deleted), at most 25.
 */
export const handler = defineAdminHandler(updateProductImageContract, async ({ body }, event) => ({
  status: 200 as const,
  type: adminCollectionView(await setImageSet(body.id, body.gender, body.urls, event.admin)),
}));
