import { replyToAnswerContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { replyToAnswer } from '../answer-reply.ts';

/**
 * POST /answer-reply { id, replyId, sizeId, note, again } — replies to a shopper's size finder
 * answer (000 §9) with a size of its collection and a note, recorded and audited in one
 * transaction, then mailed once. A second reply is refused (409) unless `again` is true.
 */
export const handler = defineAdminHandler(replyToAnswerContract, async ({ body }, event) => ({
  status: 200 as const,
  ...(await replyToAnswer({
    answerId: body.id,
    replyId: body.replyId,
    sizeId: body.sizeId,
    note: body.note,
    again: body.again,
    admin: event.admin,
  })),
}));
