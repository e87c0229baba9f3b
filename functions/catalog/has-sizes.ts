import * as z from 'zod';
import { getTypeWithSizes } from '#data/catalog.ts';
import { publicSize } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { idSchema } from '#shared/schemas.ts';

/** GET /has-sizes?id: whether a collection is sold in sizes, and which. */
export const handler = defineHandler({ query: z.object({ id: idSchema }) }, async ({ query }) => {
  const { type, sizes } = await getTypeWithSizes(query.id);
  if (!type) throw notFound('collection');
  return { status: 200, hasSizes: sizes.length > 0, sizes: sizes.map(publicSize) };
});
