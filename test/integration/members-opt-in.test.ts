import { beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '#platform/signed-links.ts';
import { MEMBER_CONFIRM_PAGE, MEMBER_CONSENT_WORDS, MEMBER_MESSAGES } from '#shared/membership.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, putItems } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { mailTo } from '../support/stack-env.ts';

/**
 * Members by double opt-in (issue 17): the consent recorded, the confirmation mail and its
 * link, the one-click unsubscribe, the suppression list that sign-up honours, and the status
 * the admin sees.
 */
const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  api('/member', {
    method: 'POST',
    json: { email, ...extra },
    from: freshClientAddress(),
    headers: { referer: 'http://localhost/world/membership?x=1' },
  });

const member = (email: string) => getRaw(`MEMBER#${email}`, '#MEMBER');

/** The confirmation links mailed to an address, oldest first, as the page receives them. */
async function confirmationTokens(email: string): Promise<string[]> {
  const mails = (await mailTo(email)).filter((m) => m.subject === 'Please confirm your membership');
  return mails.map((m) => {
    const link = /(http\S+)/.exec(m.body.text ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe(MEMBER_CONFIRM_PAGE);
    return url.searchParams.get('token') ?? '';
  });
}

const confirm = (token: string) => api('/member/confirm', { method: 'POST', json: { token } });

/** The one-click POST a mail client sends (RFC 8058): a form body, no cookies, no origin. */
const oneClick = (token: string) =>
  api(`/member/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** The unsubscribe token a mail to the member sent now carries: bound to its subscription, for a year. */
const unsubscribeToken = async (email: string) => {
  process.env.MEMBER_LINK_KEY = LOCAL_SECRETS.MEMBER_LINK_KEY;
  const subscription = (await member(email))?.subscription as string | undefined;
  return signLink({
    p: 'unsubscribe',
    e: email,
    ...(subscription ? { s: subscription } : {}),
    x: Math.floor(Date.now() / 1000) + 365 * 86_400,
  });
};

let admin: TestAdmin;
beforeAll(async () => {
  admin = await loggedInAdmin();
});

describe('sign-up by double opt-in', () => {
  it('stores a pending member with its consent, mails a confirmation link, and the link confirms once', async () => {
    const email = `${uniqueId('optin')}@example.com`;
    const answer = await signUp(email.toUpperCase(), { page: '/world/membership' });
    // The spec's client flow is unchanged: the same answer, which the page shows as "received.".
    expect(answer).toMatchObject({ status: 200, body: { status: 200 } });
    const pending = await member(email);
    expect(pending).toMatchObject({
      status: 'pending',
      consent: { page: '/world/membership', words: MEMBER_CONSENT_WORDS },
    });
    expect((pending?.consent as { address?: string } | undefined)?.address).toMatch(/^127\./);
    // Expires (TTL) after the link's week.
    const ttl = Number(pending?.expiresAt) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(6.9 * 86_400);
    expect(ttl).toBeLessThan(7.1 * 86_400);

    const [token] = await confirmationTokens(email);
    expect(token).toBeTruthy();
    const confirmed = await confirm(token ?? '');
    expect(confirmed).toMatchObject({ status: 200, body: { message: MEMBER_MESSAGES.confirmed } });
    const after = await member(email);
    expect(after).toMatchObject({ status: 'confirmed' });
    expect(after?.confirmedAt).toBeTruthy();
    expect(after).not.toHaveProperty('expiresAt');
    // The same link again answers the same and changes nothing.
    expect((await confirm(token ?? '')).status).toBe(200);
    expect((await member(email))?.confirmedAt).toBe(after?.confirmedAt);
  });

  it('takes the page from the Referer when the body names none', async () => {
    const email = `${uniqueId('ref')}@example.com`;
    expect((await signUp(email)).status).toBe(200);
    expect(await member(email)).toMatchObject({ consent: { page: '/world/membership' } });
  });

  it('refuses a forged, altered, wrong-purpose or expired link with 400, confirming nobody', async () => {
    const email = `${uniqueId('forged')}@example.com`;
    await signUp(email);
    const [token = ''] = await confirmationTokens(email);
    const [body = '', signature = ''] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ p: 'confirm', e: 'other@example.com', n: 'x' })).toString(
      'base64url',
    );
    for (const bad of [
      `${forgedBody}.${signature}`,
      `${body}.${signature.slice(0, -2)}AA`,
      `${body}`,
      await unsubscribeToken(email),
      'x'.repeat(601),
    ]) {
      const answer = await confirm(bad);
      expect(answer.status, bad.slice(0, 40)).toBe(400);
    }
    expect((await member(email))?.status).toBe('pending');
    // Past its week the link no longer works, even before TTL removes the sign-up, and says why.
    await putItems([{ ...(await member(email)), expiresAt: Math.floor(Date.now() / 1000) - 5 }]);
    expect(await confirm(token)).toMatchObject({
      status: 400,
      body: { message: MEMBER_MESSAGES.linkExpired },
    });
    expect((await member(email))?.status).toBe('pending');
  });

  it('a sign-up lapsed past its time is a new sign-up: a new link, the older one void; a confirmed member is mailed no link', async () => {
    const email = `${uniqueId('twice')}@example.com`;
    await signUp(email);
    await putItems([{ ...(await member(email)), expiresAt: Math.floor(Date.now() / 1000) - 5 }]);
    await signUp(email);
    const [first = '', second = ''] = await confirmationTokens(email);
    expect(first).not.toBe(second);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
    expect((await signUp(email)).status).toBe(200);
    expect(await confirmationTokens(email)).toHaveLength(2);
    expect((await member(email))?.status).toBe('confirmed');
  });

  it('sends at most 3 confirmation mails a day to one address', async () => {
    const email = `${uniqueId('flood')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await signUp(email)).status).toBe(200);
    expect((await signUp(email)).status).toBe(429);
    expect(await confirmationTokens(email)).toHaveLength(3);
  });
});

describe('unsubscribe', () => {
  async function confirmedMember(): Promise<string> {
    const email = `${uniqueId('unsub')}@example.com`;
    await signUp(email);
    const [token = ''] = await confirmationTokens(email);
    expect((await confirm(token)).status).toBe(200);
    return email;
  }

  it('by the one-click POST: unsubscribed and suppressed, idempotently, without a login', async () => {
    const email = await confirmedMember();
    const token = await unsubscribeToken(email);
    const answer = await oneClick(token);
    expect(answer).toMatchObject({ status: 200, body: { message: MEMBER_MESSAGES.unsubscribed } });
    const after = await member(email);
    expect(after).toMatchObject({ status: 'unsubscribed', unsubscribeReason: 'unsubscribe' });
    const suppressed = await getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED');
    expect(suppressed).toMatchObject({ reason: 'unsubscribe', email });
    // Again: the same answer, nothing changes.
    expect((await oneClick(token)).status).toBe(200);
    expect(await member(email)).toEqual(after);
    expect(await getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED')).toEqual(suppressed);
  });

  it('by the page (its JSON call, no body): the same', async () => {
    const email = await confirmedMember();
    const answer = await api(
      `/member/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(email))}`,
      {
        method: 'POST',
        json: {},
      },
    );
    expect(answer.status).toBe(200);
    expect((await member(email))?.status).toBe('unsubscribed');
  });

  it('refuses a forged token with 400', async () => {
    const email = await confirmedMember();
    const [body = ''] = (await unsubscribeToken(email)).split('.');
    expect((await oneClick(`${body}.AAAA`)).status).toBe(400);
    expect((await oneClick('')).status).toBe(400);
    expect((await member(email))?.status).toBe('confirmed');
  });

  it('a suppressed address that signs up again is pending until it confirms anew', async () => {
    const email = await confirmedMember();
    const [oldLink = ''] = await confirmationTokens(email);
    await oneClick(await unsubscribeToken(email));
    expect((await signUp(email)).status).toBe(200);
    expect((await member(email))?.status).toBe('pending');
    expect(await getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED')).toBeDefined();
    // The old confirmation link does not bring the address back.
    expect((await confirm(oldLink)).status).toBe(400);
    const tokens = await confirmationTokens(email);
    expect(tokens).toHaveLength(2);
    expect((await confirm(tokens[1] ?? '')).status).toBe(200);
    expect((await member(email))?.status).toBe('confirmed');
    expect(await getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED')).toBeUndefined();
  });
});

describe('SES bounces and complaints suppress too', () => {
  /** The local feed of the SNS notification (the same function SNS invokes in AWS). */
  const feed = async (note: unknown) => {
    const answer = await runJob('ses-feedback', note);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { result: { suppressed: string[] } }).result.suppressed;
  };

  it('a permanent bounce and a complaint unsubscribe and suppress; a transient bounce does not', async () => {
    const [bounced, complained, transient] = ['b', 'c', 't'].map(
      (s) => `${s}-${uniqueId('fb')}@example.com`,
    ) as [string, string, string];
    for (const email of [bounced, complained, transient]) {
      await signUp(email);
      const [token = ''] = await confirmationTokens(email);
      await confirm(token);
    }
    expect(
      await feed({
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: bounced.toUpperCase() }] },
      }),
    ).toEqual([bounced]);
    expect(
      await feed({
        notificationType: 'Complaint',
        complaint: { complainedRecipients: [{ emailAddress: `Someone <${complained}>` }] },
      }),
    ).toEqual([complained]);
    expect(
      await feed({
        eventType: 'Bounce',
        bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: transient }] },
      }),
    ).toEqual([]);
    expect(await member(bounced)).toMatchObject({ status: 'unsubscribed', unsubscribeReason: 'bounce' });
    expect(await member(complained)).toMatchObject({
      status: 'unsubscribed',
      unsubscribeReason: 'complaint',
    });
    expect(await member(transient)).toMatchObject({ status: 'confirmed' });
    expect(await getRaw(`SUPPRESSED#${bounced}`, '#SUPPRESSED')).toMatchObject({ reason: 'bounce' });
    // A bounced address that signs up again must confirm anew.
    await signUp(bounced);
    expect((await member(bounced))?.status).toBe('pending');
  });
});

describe('the admin sees each member status', () => {
  it('in the list and the CSV: pending, confirmed, unsubscribed; an expired sign-up is gone', async () => {
    const tag = uniqueId('st');
    const [pending, confirmed, unsubscribed, expired] = ['p', 'c', 'u', 'x'].map(
      (s) => `${s}-${tag}@example.com`,
    ) as [string, string, string, string];
    for (const email of [pending, confirmed, unsubscribed, expired]) await signUp(email);
    for (const email of [confirmed, unsubscribed]) {
      const [token = ''] = await confirmationTokens(email);
      await confirm(token);
    }
    await oneClick(await unsubscribeToken(unsubscribed));
    await putItems([{ ...(await member(expired)), expiresAt: Math.floor(Date.now() / 1000) - 5 }]);

    const rows: { email: string; status: string }[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await adminApi<{ pageCount: number; list: { email: string; status: string }[] }>(
        admin,
        `/members?offset=${offset}&pageSize=100`,
      );
      expect(page.status).toBe(200);
      rows.push(...page.body.list);
      if (offset / 100 + 1 >= page.body.pageCount) break;
    }
    const statusOf = (email: string) => rows.find((r) => r.email === email)?.status;
    expect(statusOf(pending)).toBe('pending');
    expect(statusOf(confirmed)).toBe('confirmed');
    expect(statusOf(unsubscribed)).toBe('unsubscribed');
    expect(statusOf(expired)).toBeUndefined();

    const csv = (await adminApi(admin, '/members-export')).text;
    expect(csv.startsWith('\uFEFF"email","status","signed up (Vancouver time)","signed up (UTC)"')).toBe(
      true,
    );
    const line = (email: string) => csv.split('\r\n').find((l) => l.startsWith(`"${email}"`));
    expect(line(pending)).toMatch(/^"[^"]+","pending",.*,"\/world\/membership","127\./);
    expect(line(confirmed)).toContain('"confirmed"');
    expect(line(unsubscribed)).toContain('"unsubscribed"');
    expect(line(expired)).toBeUndefined();
  });
});
