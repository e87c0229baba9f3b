import { resendAnswerReplyContract } from '#shared/contracts/size-finder.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { resendReplyMail } from '../answer-reply.ts';

/**
 * POST /answer-reply/mail { id } — sends the mail of an answer's reply that SES did not take
 * (its state `pending`); a mail that went already is not sent twice.
 */
export const handler = defineAdminHandler(resendAnswerReplyContract, async ({ body }) => ({
  status: 200 as const,
  ...(await resendReplyMail(body.id)),
}));
