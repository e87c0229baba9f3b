import { listAnswersContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listAnswers } from '../entities/answer.ts';
import { answerRow, matchesFilter } from '../rules/answer-reply.ts';

/**
 * GET /answers?offset&pageSize&filter — size finder answers, newest first, with their
 * collection's name, their reply, their age in business days and whether they are overdue;
 * `filter=unanswered` keeps those still waiting for a reply.
 */
export const handler = defineAdminHandler(listAnswersContract, async ({ query }) => {
  const page = await listAnswers(query.offset, query.pageSize, (a) => matchesFilter(a, query.filter));
  const now = Date.now();
  return { status: 200 as const, ...page, list: page.list.map((a) => answerRow(a, now)) };
});
