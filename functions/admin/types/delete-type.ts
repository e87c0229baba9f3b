import * as z from 'zod';
import { deleteType } from '#data/admin-types.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { idSchema } from '#shared/schemas.ts';

/**
 * DELETE /types?id: an empty collection, with its images, videos and shipping prices. While it
 * still has products, sizes or size finders: 409 with what is left (the screen says "Error").
 */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }, event) => {
  await deleteType(query.id, event.admin);
  return { status: 200 };
});
