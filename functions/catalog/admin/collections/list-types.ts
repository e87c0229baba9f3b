import { parseImageSet } from '#shared/admin-types.ts';
import { listTypesContract } from '#shared/contracts/catalog-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { listAllCollections } from '../../entities/collection.ts';

/** GET /types?offset&pageSize: collections newest first, a page (10) at a time. */
export const handler = defineAdminHandler(listTypesContract, async ({ query }) => {
  const page = pageOf(await listAllCollections(), query.offset, query.pageSize);
  return {
    status: 200 as const,
    ...page,
    list: page.list.map(({ menproductimage, womenproductimage, ...t }) => {
      const women = parseImageSet(womenproductimage);
      const men = parseImageSet(menproductimage);
      return { ...t, womenImageCount: women.length, menImageCount: men.length, cover: women[0] ?? men[0] };
    }),
  };
});
