import { announceOnSale } from '#members/index.ts';
import { createTypeContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminCollectionView, createCollection } from '../../entities/collection-writes.ts';

/**
 * POST /types: a new collection with every field and its men's and women's product images
 * (urls from /upload-url; at least one picture in one set). Not in pre-sale: it is on sale, and
 * the members are told once, when it has its first piece (members' announceOnSale, issue 45).
 */
export const handler = defineAdminHandler(createTypeContract, async ({ body }, event) => {
  const type = await createCollection(body, event.admin);
  if (!type.preSale) await announceOnSale(type.id, event.admin);
  return { status: 200 as const, type: adminCollectionView(type) };
});
