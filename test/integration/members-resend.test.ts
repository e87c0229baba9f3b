import { describe, expect, it } from 'vitest';
import { readLink, signLink } from '#platform/signed-links.ts';
import { LIMITS } from '#shared/constants.ts';
import { MEMBER_CONFIRM_DAYS, MEMBER_MESSAGES } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, putItems } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { mailTo } from '../support/stack-env.ts';

/**
 * The membership page's "send it again" (issue 34): the same POST /member as the sign-up, so
 * it counts toward the client's and the address's limits, answers the same whatever the address
 * is, mails a pending sign-up its link anew (every link of it works, each for its
 * MEMBER_CONFIRM_DAYS), and mails a confirmed member a note instead of a link.
 */
const post = (email: string, from: string) =>
  api('/member', { method: 'POST', json: { email, page: '/world/membership' }, from });

const member = (email: string) => getRaw(`MEMBER#${email}`, '#MEMBER');
const confirm = (token: string) => api('/member/confirm', { method: 'POST', json: { token } });

const CONFIRM_SUBJECT = 'Please confirm your membership';
const ALREADY_SUBJECT = 'You are already a member';

async function tokens(email: string): Promise<string[]> {
  return (await mailTo(email))
    .filter((m) => m.subject === CONFIRM_SUBJECT)
    .map((m) => new URL(/(http\S+)/.exec(m.body.text ?? '')?.[1] ?? '').searchParams.get('token') ?? '');
}

const linkOf = (token: string) => {
  process.env.MEMBER_LINK_KEY = LOCAL_SECRETS.MEMBER_LINK_KEY;
  return readLink(token, 'confirm');
};

async function confirmedMember(): Promise<string> {
  const email = `${uniqueId('resend-c')}@example.com`;
  await post(email, freshClientAddress());
  const [token = ''] = await tokens(email);
  expect((await confirm(token)).status).toBe(200);
  return email;
}

describe('send it again', () => {
  it('mails a pending sign-up its link anew, valid for its days from now; the earlier link still works', async () => {
    const email = `${uniqueId('resend')}@example.com`;
    const client = freshClientAddress();
    expect((await post(email, client)).status).toBe(200);
    const before = await member(email);
    // A day later, say: the sign-up's time restarts with the new mail.
    await putItems([{ ...before, expiresAt: Number(before?.expiresAt) - 86_400 }]);
    expect((await post(email, client)).status).toBe(200);
    const after = await member(email);
    const [first = '', second = ''] = await tokens(email);
    expect(second).toBeTruthy();
    // The same sign-up: first signed up at the same time, the same nonce, its time renewed.
    expect(after).toMatchObject({
      status: 'pending',
      createdAt: before?.createdAt,
      subscription: before?.subscription,
      confirmNonce: before?.confirmNonce,
    });
    const left = Number(after?.expiresAt) - Date.now() / 1000;
    expect(left).toBeGreaterThan(MEMBER_CONFIRM_DAYS * 86_400 - 60);
    expect(linkOf(second)?.x).toBe(after?.expiresAt);
    // The first link keeps its own time (both mails may go out within the same second).
    expect(linkOf(first)?.x).toBe(before?.expiresAt);
    // The mail says how long the link works, from the same constant.
    const mail = (await mailTo(email)).filter((m) => m.subject === CONFIRM_SUBJECT).at(-1);
    expect(mail?.body.text).toContain(`within ${MEMBER_CONFIRM_DAYS} days`);
    // Either mail's link confirms.
    expect(await confirm(first)).toMatchObject({ status: 200, body: { message: MEMBER_MESSAGES.confirmed } });
    expect((await confirm(second)).status).toBe(200);
    expect((await member(email))?.status).toBe('confirmed');
  });

  it('refuses a link past its days with a message that says it expired', async () => {
    const email = `${uniqueId('resend-x')}@example.com`;
    await post(email, freshClientAddress());
    const [token = ''] = await tokens(email);
    const nonce = linkOf(token)?.n;
    // The same sign-up's link, mailed MEMBER_CONFIRM_DAYS and a minute ago: past its time.
    const old = signLink({ p: 'confirm', e: email, n: nonce, x: Math.floor(Date.now() / 1000) - 60 });
    expect(await confirm(old)).toMatchObject({ status: 400, body: { message: MEMBER_MESSAGES.linkExpired } });
    expect(MEMBER_MESSAGES.linkExpired).toContain(`${MEMBER_CONFIRM_DAYS} days`);
    expect((await member(email))?.status).toBe('pending');
    // Its fresh link still works.
    expect((await confirm(token)).status).toBe(200);
  });

  it('answers the same for an unknown, a pending and a confirmed address; a confirmed one is mailed a note, no link', async () => {
    const unknown = `${uniqueId('resend-u')}@example.com`;
    const pending = `${uniqueId('resend-p')}@example.com`;
    await post(pending, freshClientAddress());
    const confirmed = await confirmedMember();
    const confirmedBefore = await member(confirmed);
    const answers = [];
    for (const email of [unknown, pending, confirmed]) {
      const answer = await post(email, freshClientAddress());
      answers.push({ status: answer.status, text: answer.text, type: answer.headers['content-type'] });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200 });

    expect(await tokens(confirmed)).toHaveLength(1);
    const notes = (await mailTo(confirmed)).filter((m) => m.subject === ALREADY_SUBJECT);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.body.text).toContain('It is a member already');
    expect(notes[0]?.body.text).not.toMatch(/https?:\/\//);
    expect(await member(confirmed)).toEqual(confirmedBefore);
    expect(await tokens(pending)).toHaveLength(2);
    expect(await tokens(unknown)).toHaveLength(1);
  });

  it("counts toward the address's mails a day, a confirmed member's too, from any client", async () => {
    for (const email of [`${uniqueId('resend-m')}@example.com`, await confirmedMember()]) {
      // The confirmed member's sign-up used one of its three already.
      while ((await mailTo(email)).length < 3)
        expect((await post(email, freshClientAddress())).status).toBe(200);
      expect(await post(email, freshClientAddress())).toMatchObject({
        status: 429,
        body: { message: MESSAGES.signupTryLater },
      });
      expect((await mailTo(email)).length).toBe(3);
    }
  });

  it("counts toward the client's sign-ups, whatever the address", async () => {
    const client = freshClientAddress();
    const first = `${uniqueId('resend-k')}@example.com`;
    const confirmed = await confirmedMember();
    expect((await post(first, client)).status).toBe(200);
    // Resends of one sign-up, of a confirmed member and sign-ups of others all count.
    const others = Array.from(
      { length: LIMITS.memberSignupsPerWindow },
      (_, i) => `${uniqueId(`k${i}`)}@example.com`,
    );
    const sequence = [first, confirmed, ...others];
    const statuses = [];
    for (const email of sequence.slice(0, LIMITS.memberSignupsPerWindow))
      statuses.push((await post(email, client)).status);
    expect(statuses.slice(0, LIMITS.memberSignupsPerWindow - 1)).toEqual(
      Array(LIMITS.memberSignupsPerWindow - 1).fill(200),
    );
    expect(statuses.at(-1)).toBe(429);
    // The refused one changed nothing and mailed nothing.
    const refused = sequence[LIMITS.memberSignupsPerWindow - 1] ?? '';
    expect(await member(refused)).toBeUndefined();
    expect(await mailTo(refused)).toHaveLength(0);
  });
});

describe('staff see pending sign-ups', () => {
  type Row = { email: string; status: string; createdAt: string; confirmBy?: string };
  type MembersPage = { pageCount: number; total: number; pending: number; list: Row[] };

  /** Every row, with the page's total and pending count; read again when they moved meanwhile. */
  async function everyRow(admin: Awaited<ReturnType<typeof loggedInAdmin>>) {
    for (let turn = 0; turn < 5; turn++) {
      const rows: Row[] = [];
      let first: MembersPage | undefined;
      for (let offset = 0; ; offset += 100) {
        const page = await adminApi<MembersPage>(admin, `/members?offset=${offset}&pageSize=100`);
        expect(page.status).toBe(200);
        first ??= page.body;
        rows.push(...page.body.list);
        if (offset / 100 + 1 >= page.body.pageCount) break;
      }
      const again = (await adminApi<MembersPage>(admin, '/members?offset=0&pageSize=1')).body;
      if (
        first &&
        again.total === first.total &&
        again.pending === first.pending &&
        rows.length === first.total
      )
        return { rows, pending: first.pending };
    }
    throw new Error('the member list kept changing');
  }

  it('the list counts the pending sign-ups of every page and gives each one the time its link stops working', async () => {
    const admin = await loggedInAdmin();
    const pending = `${uniqueId('resend-list')}@example.com`;
    await post(pending, freshClientAddress());
    const confirmed = await confirmedMember();
    const { rows, pending: count } = await everyRow(admin);
    expect(count).toBe(rows.filter((r) => r.status === 'pending').length);
    expect(count).toBeGreaterThanOrEqual(1);
    const row = rows.find((r) => r.email === pending);
    const item = await member(pending);
    expect(row?.confirmBy).toBe(new Date(Number(item?.expiresAt) * 1000).toISOString());
    expect(rows.find((r) => r.email === confirmed)).not.toHaveProperty('confirmBy');
  });
});
