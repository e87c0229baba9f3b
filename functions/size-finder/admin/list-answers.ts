import { listAnswersContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listAnswers } from '../entities/answer.ts';

/** GET /answers?offset&pageSize — size finder answers, newest first, with their collection's name. */
export const handler = defineAdminHandler(listAnswersContract, async ({ query }) => ({
  status: 200 as const,
  ...(await listAnswers(query.offset, query.pageSize)),
}));
