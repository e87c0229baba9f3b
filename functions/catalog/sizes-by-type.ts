import * as z from 'zod';
import { getTypeWithSizes } from '#data/catalog.ts';
import { publicSize } from '#domain/public-views.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { genderSchema, idSchema } from '#shared/schemas.ts';

/** GET /sizes-by-type?tid&gender: the sizes of a collection for a gender (unisex sizes included). */
export const handler = defineHandler(
  { query: z.object({ tid: idSchema, gender: genderSchema }) },
  async ({ query }) => {
    const { type, sizes } = await getTypeWithSizes(query.tid);
    if (!type) throw notFound('collection');
    const list = sizes.filter((s) => s.gender === query.gender || s.gender === 2 || query.gender === 2);
    return { status: 200, list: list.map(publicSize) };
  },
);
