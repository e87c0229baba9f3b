import * as z from 'zod';
import { getType } from '#data/catalog.ts';
import { publicType } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { idSchema } from '#shared/schemas.ts';

/** GET /type?id: one collection as a shopper sees it. */
export const handler = defineHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const type = await getType(query.id);
  if (!type) throw notFound('collection');
  return { status: 200, type: publicType(type) };
});
