import { notFound } from '#platform/http-error.ts';
import { getAnswerContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getAnswer } from '../entities/answer.ts';
import { answerRow } from '../rules/answer-reply.ts';

/**
 * GET /answer-details?id — one answer with every result entry (index, shortName, val) in step
 * order, and the shop's reply to it if there is one.
 */
export const handler = defineAdminHandler(getAnswerContract, async ({ query }) => {
  const answer = await getAnswer(query.id);
  if (!answer) throw notFound('answer');
  return { status: 200 as const, answer: answerRow(answer, Date.now()) };
});
