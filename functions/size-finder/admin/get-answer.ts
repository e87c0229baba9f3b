import { notFound } from '#platform/http-error.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getAnswer } from '../entities/answer.ts';
import { idQuery } from './schemas.ts';

/** GET /answer-details?id — one answer with every result entry (index, shortName, val) in step order. */
export const handler = defineAdminHandler({ query: idQuery }, async ({ query }) => {
  const answer = await getAnswer(query.id);
  if (!answer) throw notFound('answer');
  return { status: 200, answer };
});
