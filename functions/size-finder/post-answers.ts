import { randomUUID } from 'node:crypto';
import { addAnswer } from '#data/answers.ts';
import { defineHandler } from '#lib/handler.ts';
import { notFound } from '#lib/http-error.ts';
import { answersRequestSchema } from '#shared/schemas.ts';

/** POST /answers {typeId, email, result}: stores a shopper's size finder answers. */
export const handler = defineHandler({ body: answersRequestSchema }, async ({ body }) => {
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
  return { status: 200 };
});
