import * as z from 'zod';
import { adminTypeView, requireType } from '#data/admin-types.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { idSchema } from '#shared/schemas.ts';

/**
 * GET /type-admin?id: one collection with every field for the edit form, the admin-only ones
 * too (discountCode, authPortalText) that the storefront's GET /type never shows.
 */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => ({
  status: 200,
  type: adminTypeView(await requireType(query.id)),
}));
