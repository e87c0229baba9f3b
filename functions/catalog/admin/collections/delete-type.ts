import * as z from 'zod';
import { idSchema } from '#shared/schemas.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteType } from '../../entities/collection.ts';

/**
 * DELETE /types?id: an empty collection, with its images, videos and shipping prices. While it
 * still has products, sizes or size finders: 409 with what is left (the screen says "Error").
 */
export const handler = defineAdminHandler({ query: z.object({ id: idSchema }) }, async ({ query }, event) => {
  await deleteType(query.id, event.admin);
  return { status: 200 };
});
