import * as z from 'zod';
import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { idSchema, infoTitleSchema } from '#shared/schemas.ts';
import { getType } from '../entities/collection.ts';
import { infoContent } from '../rules/info.ts';

/** GET /get-product-info?title&tid: a collection text shown on the collection landing (e.g. dimensionBefore, unisexPrice). */
export const handler = defineHandler(
  { query: z.object({ title: infoTitleSchema, tid: idSchema }) },
  async ({ query }) => {
    const type = await getType(query.tid, ['id', query.title]);
    if (!type) throw notFound('collection');
    return { status: 200, content: infoContent(type, query.title) };
  },
);
