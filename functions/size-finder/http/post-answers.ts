import { randomUUID } from 'node:crypto';
import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { LIMITS } from '#shared/constants.ts';
import { postAnswersContract } from '#shared/contracts/size-finder-public.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addAnswer } from '../entities/answer.ts';

/** Answers stored per client address per hour, like the other public writes (see LIMITS). */
const ANSWERS_LIMIT = {
  name: 'answers',
  max: LIMITS.answersPerWindow,
  windowSeconds: LIMITS.answersWindowSeconds,
};

/**
 * POST /answers {typeId, email, result}: stores a shopper's size finder answers, at most
 * LIMITS.answersPerWindow an hour from one client address (the 11th is answered 429).
 */
export const handler = defineHandler(postAnswersContract, async ({ body }, event) => {
  const now = Date.now();
  const outcome = await addAnswer(
    {
      kind: 'answer',
      id: randomUUID(),
      typeId: body.typeId,
      gender: typeof body.gender === 'number' ? body.gender : undefined,
      email: body.email,
      result: body.result,
      createdTime: new Date(now).toISOString(),
    },
    { limit: ANSWERS_LIMIT, address: clientAddress(event), now },
  );
  if (outcome === 'no-type') throw notFound('collection');
  if (outcome === 'limited') throw httpError(429, MESSAGES.answersTryLater);
  return { status: 200 as const };
});
