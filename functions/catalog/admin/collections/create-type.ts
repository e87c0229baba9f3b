import { createTypeSchema } from '#shared/admin-types.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminTypeView, createType } from '../../entities/collection.ts';

/**
 * POST /types: a new collection with every field and its men's and women's product images
 * (urls from /upload-url; at least one picture in one set).
 */
export const handler = defineAdminHandler({ body: createTypeSchema }, async ({ body }, event) => ({
  status: 200,
  type: adminTypeView(await createType(body, event.admin)),
}));
