import { notFound } from '#platform/http-error.ts';
import { pageQuerySchema } from '#shared/admin.ts';
import { idSchema } from '#shared/schemas.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { findersOfType, finderView } from '../entities/size-finder.ts';

/** GET /size-finder?tid&offset&pageSize — a collection and its size finders (one per gender). */
export const handler = defineAdminHandler(
  { query: pageQuerySchema.extend({ tid: idSchema }) },
  async ({ query }) => {
    const { type, finders } = await findersOfType(query.tid);
    if (!type) throw notFound('collection');
    return {
      status: 200,
      type: { id: type.id, name: type.name, gender: type.gender },
      ...pageOf(finders.map(finderView), query.offset, query.pageSize),
    };
  },
);
