import * as z from 'zod';
import { getType } from '#data/catalog.ts';
import { infoContent } from '#domain/info.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { idSchema, infoTitleSchema } from '#shared/schemas.ts';

/** GET /get-product-info?title&tid: a collection text shown on the collection landing (e.g. dimensionBefore, unisexPrice). */
export const handler = defineHandler(
  { query: z.object({ title: infoTitleSchema, tid: idSchema }) },
  async ({ query }) => {
    const type = await getType(query.tid, ['id', query.title]);
    if (!type) throw notFound('collection');
    return { status: 200, content: infoContent(type, query.title) };
  },
);
