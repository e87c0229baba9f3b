import { findersOfType, finderView } from '#data/admin-finders.ts';
import { pageOf } from '#data/audit.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { notFound } from '#lib/http-error.ts';
import { pageQuerySchema } from '#shared/admin.ts';
import { idSchema } from '#shared/schemas.ts';

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
