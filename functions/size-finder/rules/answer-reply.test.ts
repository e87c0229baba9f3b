import { describe, expect, it } from 'vitest';
import type { StoredReply } from '../entities/answer.ts';
import { alreadyRepliedMessage, answerAge, matchesFilter, replyMail, replyView } from './answer-reply.ts';

/** The shop's reply to a size finder answer (000 §9: results within 7 business days). */

const reply: StoredReply = {
  id: 'r1',
  sizeId: 's1',
  sizeName: 'M',
  note: 'Take the M.',
  at: '2026-11-17T19:00:00.000Z',
  by: 'ann',
  count: 1,
};

// Friday 13 November 2026, 10:00 in Vancouver (PST, UTC-8).
const friday = '2026-11-13T18:00:00.000Z';
const vancouverNoon = (day: string) => Date.parse(`${day}T20:00:00.000Z`);

describe('the age of an unanswered answer', () => {
  it('counts business days across a weekend and is overdue only after the seventh', () => {
    const answer = { createdTime: friday, email: 'a@example.com' };
    // Saturday and Sunday do not count.
    expect(answerAge(answer, vancouverNoon('2026-11-15'))).toEqual({ businessDays: 0, overdue: false });
    expect(answerAge(answer, vancouverNoon('2026-11-16'))).toEqual({ businessDays: 1, overdue: false });
    // Tuesday after next: 11 calendar days but 7 business days, the promise still kept.
    expect(answerAge(answer, vancouverNoon('2026-11-24'))).toEqual({ businessDays: 7, overdue: false });
    expect(answerAge(answer, vancouverNoon('2026-11-25'))).toEqual({ businessDays: 8, overdue: true });
  });

  it('takes the day in Vancouver: a Sunday evening there is Monday in UTC', () => {
    const sundayEvening = '2026-11-16T04:00:00.000Z'; // Sunday 15 November, 20:00 PST
    const answer = { createdTime: sundayEvening, email: 'a@example.com' };
    expect(answerAge(answer, vancouverNoon('2026-11-24')).overdue).toBe(false);
    expect(answerAge(answer, vancouverNoon('2026-11-25'))).toEqual({ businessDays: 8, overdue: true });
  });

  it('is never overdue once replied (its age stops at the reply), nor without an e-mail', () => {
    const late = vancouverNoon('2026-12-10');
    expect(answerAge({ createdTime: friday, email: 'a@example.com', reply }, late)).toEqual({
      businessDays: 2,
      overdue: false,
    });
    expect(answerAge({ createdTime: friday, email: 'skip' }, late).overdue).toBe(false);
  });
});

describe('the unanswered filter', () => {
  it('keeps answers with an e-mail and no reply', () => {
    expect(matchesFilter({ email: 'a@example.com' }, 'unanswered')).toBe(true);
    expect(matchesFilter({ email: 'a@example.com', reply }, 'unanswered')).toBe(false);
    expect(matchesFilter({ email: 'skip' }, 'unanswered')).toBe(false);
    expect(matchesFilter({ email: 'a@example.com', reply }, 'all')).toBe(true);
  });
});

describe('a reply as staff and the shopper see it', () => {
  it('shows the mail pending until SES took it, and never the lease', () => {
    expect(replyView({ ...reply, mailLeaseUntil: 5 })).toEqual({
      id: 'r1',
      sizeId: 's1',
      sizeName: 'M',
      note: 'Take the M.',
      at: reply.at,
      by: 'ann',
      count: 1,
      mail: 'pending',
    });
    expect(replyView({ ...reply, mailSentAt: '2026-11-17T19:00:01.000Z' })).toMatchObject({
      mail: 'sent',
      mailSentAt: '2026-11-17T19:00:01.000Z',
    });
  });

  it('refuses a second reply with the day (Vancouver), who and which size', () => {
    // 2026-11-18 02:00 UTC is still 17 November in Vancouver.
    expect(alreadyRepliedMessage({ ...reply, at: '2026-11-18T02:00:00.000Z' })).toBe(
      'this answer was already replied to on 2026-11-17 by ann (size M). to send another reply, confirm it (again: true).',
    );
  });

  it('mails the collection, the size, the note and the contact', () => {
    expect(replyMail('a@example.com', 'Silk gowns', reply)).toEqual({
      to: 'a@example.com',
      template: 'size-finder-reply',
      data: {
        collectionName: 'Silk gowns',
        size: 'M',
        note: 'Take the M.',
      },
    });
  });
});
