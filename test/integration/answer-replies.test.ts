import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeEntity } from '#catalog/entities/size.ts';
import { REPLY_NOTE_MAX } from '#shared/contracts/size-finder.ts';
import { replyPorts, replyToAnswer } from '#size-finder/answer-reply.ts';
import { type AnswerEntity, answerKeys } from '#size-finder/entities/answer.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The shop's reply to a size finder answer (000 §9: "Size finder results are reported within 7
 * business days"): a size of the answer's collection and a note, mailed once to the shopper,
 * recorded and audited; a second reply only when confirmed; unanswered and overdue answers.
 */
pointAtLocalStack();

interface Reply {
  id: string;
  sizeId: string;
  sizeName: string;
  note: string;
  at: string;
  by: string;
  count: number;
  mail: 'sent' | 'pending';
  mailSentAt?: string;
}
interface Row {
  id: string;
  email: string;
  reply?: Reply;
  businessDays: number;
  overdue: boolean;
}
interface ReplyAnswer {
  answer: Row & { name: string };
  mail: 'sent' | 'pending';
  message?: string;
}

const DAY = 24 * 60 * 60 * 1000;
const gowns = typeEntity({ name: 'Reply gowns', gender: 0 });
const capes = typeEntity({ name: 'Reply capes', gender: 0 });
const size = (type: typeof gowns, name: string, index: number): SizeEntity => ({
  kind: 'size',
  id: uniqueId('s'),
  typeId: type.id,
  name,
  index,
  gender: 0,
});
const small = size(gowns, 'S', 1);
const medium = size(gowns, 'M', 2);
const capeSize = size(capes, 'One size', 1);

let admin: TestAdmin;
let other: TestAdmin;

beforeAll(async () => {
  [admin, other] = await Promise.all([loggedInAdmin(), loggedInAdmin()]);
  await store({ type: gowns, sizes: [small, medium] });
  await store({ type: capes, sizes: [capeSize] });
});

/** An answer stored as POST /answers stores it, received `ageMs` ago. */
async function answerOf(email: string, ageMs = 0): Promise<AnswerEntity> {
  const answer: AnswerEntity = {
    kind: 'answer',
    id: randomUUID(),
    typeId: gowns.id,
    gender: 0,
    email,
    result: { '1': { shortName: 'bust', val: '34 inches' } },
    createdTime: new Date(Date.now() - ageMs).toISOString(),
  };
  await putItems([{ ...answerKeys(answer), ...answer }]);
  return answer;
}

const freshEmail = () => `reply-${uniqueId('a')}@example.com`;

function reply(as: TestAdmin, json: Record<string, unknown>) {
  return adminApi<ReplyAnswer>(as, '/answer-reply', { method: 'POST', json });
}

const auditOf = async (answerId: string) =>
  (await itemsWithPrefix('AUDIT#'))
    .filter((a) => a.entity === 'answer' && a.entityId === answerId)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));

/** Mail of the reply template to one address (the SES stand-in's store). */
const repliesTo = async (email: string) =>
  (await mailTo(email)).filter((m) => m.subject === `Your size for ${gowns.name}`);

/** Every row of GET /answers with a filter, page by page (other tests add answers meanwhile). */
async function rowsOf(filter: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await adminApi<{ list: Row[]; pageCount: number }>(
      admin,
      `/answers?filter=${filter}&offset=${offset}&pageSize=100`,
    );
    expect(page.status, page.text).toBe(200);
    rows.push(...page.body.list);
    if (offset / 100 + 1 >= page.body.pageCount) return rows;
  }
}

describe('replying to an answer', () => {
  it('mails the size and the note to the shopper, records who and when, and audits it', async () => {
    const email = freshEmail();
    const answer = await answerOf(email);
    const replyId = randomUUID();
    const sent = await reply(admin, {
      id: answer.id,
      replyId,
      sizeId: medium.id,
      note: '  Between sizes, take the M: the silk has no stretch.  ',
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.mail).toBe('sent');
    expect(sent.body.answer.reply).toMatchObject({
      id: replyId,
      sizeId: medium.id,
      sizeName: 'M',
      note: 'Between sizes, take the M: the silk has no stretch.',
      by: admin.username,
      count: 1,
      mail: 'sent',
    });
    expect(sent.body.answer.overdue).toBe(false);

    const mails = await repliesTo(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.body.text ?? '';
    expect(text).toContain(`the size finder of ${gowns.name}`);
    expect(text).toMatch(/^ {4}M$/m);
    expect(text).toContain('Between sizes, take the M: the silk has no stretch.');
    expect(text).toContain('One of One Luxury');

    // The answer shows it replied, with the mail sent.
    const details = await adminApi<{ answer: Row }>(admin, `/answer-details?id=${answer.id}`);
    expect(details.body.answer.reply).toMatchObject({ by: admin.username, sizeName: 'M', mail: 'sent' });
    expect(Date.parse(details.body.answer.reply?.mailSentAt ?? '')).toBeGreaterThan(0);
    const stored = await getRaw(`ANSWER#${answer.id}`, '#ANSWER');
    expect(stored?.reply).toBeDefined();
    expect((stored?.reply as Record<string, unknown> | undefined)?.mailLeaseUntil).toBeUndefined();

    // One audit entry, with who and what.
    const entries = await auditOf(answer.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin: admin.username,
      action: 'reply',
      after: { email, typeId: gowns.id, sizeName: 'M', count: 1, id: replyId },
    });

    // A retried call (same reply id) records and mails nothing more.
    const retried = await reply(admin, { id: answer.id, replyId, sizeId: medium.id, note: 'x' });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.answer.reply).toMatchObject({ id: replyId, count: 1, mail: 'sent' });
    expect(await repliesTo(email)).toHaveLength(1);
    expect(await auditOf(answer.id)).toHaveLength(1);
  });

  it('refuses a second reply unless it is confirmed, then sends it', async () => {
    const email = freshEmail();
    const answer = await answerOf(email);
    expect((await reply(admin, { id: answer.id, replyId: randomUUID(), sizeId: small.id })).status).toBe(200);

    const unconfirmed = await reply(other, { id: answer.id, replyId: randomUUID(), sizeId: medium.id });
    expect(unconfirmed.status, unconfirmed.text).toBe(409);
    expect(unconfirmed.body.message).toContain(`already replied to on`);
    expect(unconfirmed.body.message).toContain(`by ${admin.username} (size S)`);
    expect(await repliesTo(email)).toHaveLength(1);

    const confirmed = await reply(other, {
      id: answer.id,
      replyId: randomUUID(),
      sizeId: medium.id,
      note: 'Sorry, M after all.',
      again: true,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.answer.reply).toMatchObject({ by: other.username, sizeName: 'M', count: 2 });
    const mails = await repliesTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body.text).toContain('Sorry, M after all.');

    const entries = await auditOf(answer.id);
    expect(entries.map((e) => e.action)).toEqual(['reply', 'reply again']);
    expect(entries[1]).toMatchObject({
      admin: other.username,
      before: { sizeName: 'S', count: 1 },
      after: { sizeName: 'M', count: 2 },
    });
  });

  it('answers 400 for a size of another collection, an unknown size, a long note; 404 for no answer', async () => {
    const email = freshEmail();
    const answer = await answerOf(email);
    const cases: [Record<string, unknown>, string][] = [
      [{ sizeId: capeSize.id }, "sizeId: must be one of the sizes of the answer's collection"],
      [{ sizeId: uniqueId('nosize') }, "sizeId: must be one of the sizes of the answer's collection"],
      [{ sizeId: medium.id, note: 'x'.repeat(REPLY_NOTE_MAX + 1) }, 'at most 1000 characters'],
      [{ sizeId: medium.id, again: 'yes' }, 'again'],
      [{ sizeId: medium.id, extra: 1 }, ''],
      [{ sizeId: '../x' }, 'sizeId'],
    ];
    for (const [fields, says] of cases) {
      const refused = await reply(admin, { id: answer.id, replyId: randomUUID(), ...fields });
      expect(refused.status, `${JSON.stringify(fields)}: ${refused.text}`).toBe(400);
      expect(refused.body.message).toContain(says);
    }
    expect((await getRaw(`ANSWER#${answer.id}`, '#ANSWER'))?.reply).toBeUndefined();
    expect(await auditOf(answer.id)).toHaveLength(0);
    expect(await repliesTo(email)).toHaveLength(0);

    const skipped = await answerOf('skip');
    const noEmail = await reply(admin, { id: skipped.id, replyId: randomUUID(), sizeId: medium.id });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toContain('no e-mail');

    const none = await reply(admin, { id: uniqueId('nope'), replyId: randomUUID(), sizeId: medium.id });
    expect(none.status).toBe(404);
  });

  it('sends one mail when the same reply is sent twice at once, and lets one of two different replies win', async () => {
    const email = freshEmail();
    const answer = await answerOf(email);
    const replyId = randomUUID();
    const same = await Promise.all(
      [admin, other].map((as) => reply(as, { id: answer.id, replyId, sizeId: medium.id })),
    );
    for (const s of same) expect(s.status, s.text).toBe(200);
    // The loser may find the winner still at SES ('pending'); the mail goes once either way.
    await new Promise((r) => setTimeout(r, 300));
    expect(await repliesTo(email)).toHaveLength(1);
    expect(await auditOf(answer.id)).toHaveLength(1);

    const second = await answerOf(freshEmail());
    const race = await Promise.all(
      [admin, other].map((as) => reply(as, { id: second.id, replyId: randomUUID(), sizeId: small.id })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await repliesTo(second.email)).toHaveLength(1);
    expect(await auditOf(second.id)).toHaveLength(1);
  });
});

describe('when SES fails', () => {
  it('keeps the reply with its mail pending, and staff send it again once', async () => {
    const email = freshEmail();
    const answer = await answerOf(email);
    const down = {
      ...replyPorts(),
      send: async () => {
        throw new Error('SES is down');
      },
    };
    const outcome = await replyToAnswer(
      {
        answerId: answer.id,
        replyId: randomUUID(),
        sizeId: small.id,
        note: 'S',
        again: false,
        admin: admin.username,
      },
      down,
    );
    expect(outcome.mail).toBe('pending');
    expect(await repliesTo(email)).toHaveLength(0);
    expect(await auditOf(answer.id)).toHaveLength(1);

    const details = await adminApi<{ answer: Row }>(admin, `/answer-details?id=${answer.id}`);
    expect(details.body.answer.reply).toMatchObject({ sizeName: 'S', mail: 'pending' });
    expect(details.body.answer.reply?.mailSentAt).toBeUndefined();
    expect((await rowsOf('all')).find((r) => r.id === answer.id)?.reply?.mail).toBe('pending');

    const resent = await adminApi<ReplyAnswer>(admin, '/answer-reply/mail', {
      method: 'POST',
      json: { id: answer.id },
    });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.mail).toBe('sent');
    expect(resent.body.answer.reply).toMatchObject({ mail: 'sent' });
    expect(await repliesTo(email)).toHaveLength(1);

    // Sending again once it went sends nothing more.
    const again = await adminApi<ReplyAnswer>(admin, '/answer-reply/mail', {
      method: 'POST',
      json: { id: answer.id },
    });
    expect(again.body.mail).toBe('sent');
    expect(await repliesTo(email)).toHaveLength(1);

    const unreplied = await answerOf(freshEmail());
    const nothing = await adminApi(admin, '/answer-reply/mail', {
      method: 'POST',
      json: { id: unreplied.id },
    });
    expect(nothing.status).toBe(409);
  });
});

describe('the list of answers', () => {
  it('filters the unanswered and flags those older than 7 business days', async () => {
    const fresh = await answerOf(freshEmail());
    const old = await answerOf(freshEmail(), 20 * DAY);
    const oldSkipped = await answerOf('skip', 20 * DAY);
    const replied = await answerOf(freshEmail(), 20 * DAY);
    expect((await reply(admin, { id: replied.id, replyId: randomUUID(), sizeId: small.id })).status).toBe(
      200,
    );

    const unanswered = await rowsOf('unanswered');
    const ids = unanswered.map((r) => r.id);
    expect(ids).toContain(fresh.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(replied.id);
    expect(ids).not.toContain(oldSkipped.id);
    expect(unanswered.every((r) => r.reply === undefined && r.email !== 'skip')).toBe(true);
    // 20 calendar days hold at least 12 business days, whatever the weekday and holidays.
    expect(unanswered.find((r) => r.id === old.id)).toMatchObject({ overdue: true });
    expect(unanswered.find((r) => r.id === old.id)?.businessDays).toBeGreaterThanOrEqual(12);
    expect(unanswered.find((r) => r.id === fresh.id)).toMatchObject({ overdue: false, businessDays: 0 });

    const all = await rowsOf('all');
    expect(all.find((r) => r.id === replied.id)).toMatchObject({ overdue: false, reply: { mail: 'sent' } });
    expect(all.find((r) => r.id === oldSkipped.id)).toMatchObject({ overdue: false });
    // Without a filter: all, as before.
    const plain = await adminApi<{ total: number }>(admin, '/answers?pageSize=1');
    const allPage = await adminApi<{ total: number }>(admin, '/answers?pageSize=1&filter=all');
    expect(plain.body.total).toBeGreaterThanOrEqual(all.length - 10);
    expect(allPage.status).toBe(200);

    const bad = await adminApi<{ message: string }>(admin, '/answers?filter=overdue');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('all or unanswered');
  });
});
