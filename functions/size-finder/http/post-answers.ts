import { randomUUID } from 'node:crypto';
import { defineHandler } from '#platform/handler.ts';
import { notFound } from '#platform/http-error.ts';
import { postAnswersContract } from '#shared/contracts/size-finder-public.ts';
import { addAnswer } from '../entities/answer.ts';

/** POST /answers {typeId, email, result}: stores a shopper's size finder answers. */
export const handler = defineHandler(postAnswersContract, async ({ body }) => {
  const outcome = await addAnswer({
    kind: 'answer',
    id: randomUUID(),
    typeId: body.typeId,
    gender: typeof body.gender === 'number' ? body.gender : undefined,
    email: body.email,
    result: body.result,
    createdTime: new Date().toISOString(),
  });
  if (outcome === 'no-type') throw notFound('collection');
  return { status: 200 as const };
});
