import { pageQuerySchema } from '#shared/admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listAnswers } from '../entities/answer.ts';

/** GET /answers?offset&pageSize — size finder answers, newest first, with their collection's name. */
export const handler = defineAdminHandler({ query: pageQuerySchema }, async ({ query }) => ({
  status: 200,
  ...(await listAnswers(query.offset, query.pageSize)),
}));
