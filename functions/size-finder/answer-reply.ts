import { getSize } from '#catalog/index.ts';
import { badRequest, httpError, notFound } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { type Mail, sendMail } from '#platform/mail.ts';
import {
  type AnswerDetails,
  type AnswerEntity,
  answerDetails,
  claimReplyMail,
  markReplyMailSent,
  readAnswer,
  recordReply,
  releaseReplyMail,
  type StoredReply,
} from './entities/answer.ts';
import {
  alreadyRepliedMessage,
  answerRow,
  canBeReplied,
  NO_EMAIL_MESSAGE,
  REPLY_MAIL_LEASE_MS,
  replyMail,
  SIZE_NOT_OF_COLLECTION,
} from './rules/answer-reply.ts';

/**
 * Replying to a shopper's size finder answer (000 §9): the reply is recorded with its audit
 * entry first, then mailed once. The mail is sent by whoever holds the reply's lease: the call
 * that recorded it, or later a retry of that call (same `replyId`) or staff's "send the mail
 * again" once a failed sender let the lease go. If SES fails, the reply stays recorded with
 * its mail `pending`.
 */
export interface ReplyPorts {
  send(mail: Mail): Promise<void>;
  now(): number;
}

export const replyPorts = (): ReplyPorts => ({ send: sendMail, now: () => Date.now() });

export interface ReplyRequest {
  answerId: string;
  replyId: string;
  sizeId: string;
  note: string;
  again: boolean;
  admin: string;
}

export interface ReplyOutcome {
  answer: ReturnType<typeof answerRow<AnswerDetails>>;
  mail: 'sent' | 'pending';
}

const changedMeanwhile = () =>
  httpError(409, 'this answer changed meanwhile or does not exist. please reload and try again.');

export async function replyToAnswer(request: ReplyRequest, ports = replyPorts()): Promise<ReplyOutcome> {
  const answer = await readAnswer(request.answerId);
  if (!answer) throw notFound('answer');
  // The same reply again (a retried call): recorded once, its mail sent if still pending.
  if (answer.reply?.id === request.replyId) return mailPendingReply(answer, ports);
  if (!canBeReplied(answer)) throw badRequest(NO_EMAIL_MESSAGE);
  if (answer.reply && !request.again) throw httpError(409, alreadyRepliedMessage(answer.reply));
  const size = await getSize(request.sizeId);
  if (!size || size.typeId !== answer.typeId) throw badRequest(SIZE_NOT_OF_COLLECTION);

  const now = ports.now();
  const reply: StoredReply = {
    id: request.replyId,
    sizeId: size.id,
    sizeName: size.name,
    note: request.note,
    at: new Date(now).toISOString(),
    by: request.admin,
    count: (answer.reply?.count ?? 0) + 1,
    mailLeaseUntil: now + REPLY_MAIL_LEASE_MS,
  };
  if (await recordReply(answer, reply, request.admin, now)) return deliver({ ...answer, reply }, ports);

  // A condition failed: a retry of this very reply won the race, another reply came first, or
  // the size left the collection meanwhile.
  const current = await readAnswer(request.answerId);
  if (current?.reply?.id === request.replyId) return mailPendingReply(current, ports);
  if (current?.reply && current.reply.id !== answer.reply?.id) {
    throw httpError(409, alreadyRepliedMessage(current.reply));
  }
  throw changedMeanwhile();
}

/** Staff's "send the mail again": the reply's mail, if it has not gone out yet. */
export async function resendReplyMail(answerId: string, ports = replyPorts()): Promise<ReplyOutcome> {
  const answer = await readAnswer(answerId);
  if (!answer) throw notFound('answer');
  if (!answer.reply) throw httpError(409, 'this answer has no reply yet: there is no mail to send');
  return mailPendingReply(answer, ports);
}

async function mailPendingReply(answer: AnswerEntity, ports: ReplyPorts): Promise<ReplyOutcome> {
  const reply = answer.reply as StoredReply;
  if (reply.mailSentAt !== undefined) return outcome(answer, 'sent', ports);
  const now = ports.now();
  const claimed = await claimReplyMail(answer.id, reply.id, now, now + REPLY_MAIL_LEASE_MS);
  if (claimed) return deliver(claimed, ports);
  // Another sender holds the lease (or just finished): answer the state as it now stands.
  const current = await readAnswer(answer.id);
  if (!current?.reply) throw changedMeanwhile();
  return outcome(current, current.reply.mailSentAt === undefined ? 'pending' : 'sent', ports);
}

/** Sends the mail of the reply this caller holds the lease of, and records that it went. */
async function deliver(answer: AnswerEntity, ports: ReplyPorts): Promise<ReplyOutcome> {
  const reply = answer.reply as StoredReply;
  const details = await answerDetails(answer);
  try {
    await ports.send(replyMail(answer.email, details.name, reply));
  } catch (error) {
    logger.error('the mail of a size finder reply could not be sent', {
      answerId: answer.id,
      error: safeError(error),
    });
    await releaseReplyMail(answer.id, reply.id);
    const { mailLeaseUntil: _lease, ...pending } = reply;
    return { answer: answerRow({ ...details, reply: pending }, ports.now()), mail: 'pending' };
  }
  const mailSentAt = new Date(ports.now()).toISOString();
  await markReplyMailSent(answer.id, reply.id, mailSentAt);
  const { mailLeaseUntil: _lease, ...sent } = reply;
  return { answer: answerRow({ ...details, reply: { ...sent, mailSentAt } }, ports.now()), mail: 'sent' };
}

async function outcome(
  answer: AnswerEntity,
  mail: 'sent' | 'pending',
  ports: ReplyPorts,
): Promise<ReplyOutcome> {
  return { answer: answerRow(await answerDetails(answer), ports.now()), mail };
}
