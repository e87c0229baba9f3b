import * as z from 'zod';
import { idSchema } from '#shared/schemas.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminTypeView, requireType } from '../../entities/collection.ts';

/**
 * GET /type-admin?id: one collection with every field for the edit form, the admin-only ones
 * too (discountCode, authPortalText) that the storefront's GET /type never shows.
 */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => ({
  status: 200,
  type: adminTypeView(await requireType(query.id)),
}));
