import type { Mail } from '#platform/mail-templates.ts';
import { businessDaysSince, dayInVancouver, isOverdue } from '#shared/business-days.ts';
import type { AnswerFilter } from '#shared/contracts/size-finder.ts';
import type { AnswerEntity, AnswerSummary, StoredReply } from '../entities/answer.ts';

/**
 * The shop's reply to a size finder answer (000 §9: "Size finder results are reported within
 * 7 business days"): who can be replied to, how old an unanswered answer is, the refusal of a
 * second reply that was not confirmed, and the mail.
 */

/** How long one sender may take to hand a reply's mail to SES before another may try. */
export const REPLY_MAIL_LEASE_MS = 30_000;

/** A shopper who skipped the e-mail step left nothing to reply to. */
export const canBeReplied = (answer: Pick<AnswerEntity, 'email'>): boolean => answer.email !== 'skip';

export const NO_EMAIL_MESSAGE = 'this shopper left no e-mail address: there is nothing to reply to';
export const SIZE_NOT_OF_COLLECTION = "sizeId: must be one of the sizes of the answer's collection";

/** The 409 of a second reply sent without confirmation. */
export function alreadyRepliedMessage(reply: StoredReply): string {
  return (
    `this answer was already replied to on ${dayInVancouver(reply.at)} by ${reply.by} ` +
    `(size ${reply.sizeName}). to send another reply, confirm it (again: true).`
  );
}

/** The age in business days and whether the promise of 7 business days is broken. */
export function answerAge(
  answer: Pick<AnswerEntity, 'createdTime' | 'email' | 'reply'>,
  now: number,
): { businessDays: number; overdue: boolean } {
  const until = answer.reply?.at ?? now;
  return {
    businessDays: businessDaysSince(answer.createdTime, until),
    overdue: !answer.reply && canBeReplied(answer) && isOverdue(answer.createdTime, now),
  };
}

/** `unanswered`: a shopper who left an e-mail and has no reply yet. */
export function matchesFilter(answer: Pick<AnswerEntity, 'email' | 'reply'>, filter: AnswerFilter): boolean {
  return filter === 'all' || (!answer.reply && canBeReplied(answer));
}

/** The reply as staff read it: the lease is internal, the mail state is what matters. */
export function replyView(reply: StoredReply) {
  const { mailLeaseUntil: _lease, mailSentAt, ...rest } = reply;
  return {
    ...rest,
    mail: mailSentAt === undefined ? ('pending' as const) : ('sent' as const),
    ...(mailSentAt === undefined ? {} : { mailSentAt }),
  };
}

/** An answer's row in the staff's list: its reply's view, its age and overdue flag. */
export function answerRow<T extends AnswerSummary>(answer: T, now: number) {
  const { reply, ...rest } = answer;
  return {
    ...rest,
    ...(reply === undefined ? {} : { reply: replyView(reply) }),
    ...answerAge(answer, now),
  };
}

/** The mail to the shopper: the collection, the recommended size and the note. */
export function replyMail(email: string, collectionName: string, reply: StoredReply): Mail {
  return {
    to: email,
    template: 'size-finder-reply',
    data: {
      collectionName,
      size: reply.sizeName,
      note: reply.note,
    },
  };
}
