import { adminTypeView, createType } from '#data/admin-types.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { createTypeSchema } from '#shared/admin-types.ts';

/**
 * POST /types: a new collection with every field and its men's and women's product images
 * (urls from /upload-url; at least one picture in one set).
 */
export const handler = defineAdminHandler({ body: createTypeSchema }, async ({ body }, event) => ({
  status: 200,
  type: adminTypeView(await createType(body, event.admin)),
}));
