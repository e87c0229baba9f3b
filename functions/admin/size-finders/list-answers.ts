import { listAnswers } from '#data/admin-finders-answers.ts';
import { defineAdminHandler } from '#lib/admin-handler.ts';
import { pageQuerySchema } from '#shared/admin.ts';

/** GET /answers?offset&pageSize — size finder answers, newest first, with their collection's name. */
export const handler = defineAdminHandler({ query: pageQuerySchema }, async ({ query }) => ({
  status: 200,
  ...(await listAnswers(query.offset, query.pageSize)),
}));
