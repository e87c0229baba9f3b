import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Releases told to members (issue 17): sign-up → confirmation → release received, with the
 * one-click unsubscribe link and the RFC 8058 headers; unsubscribed by the one-click POST or the
 * page → no further mail; the admin's preview, test mail, progress and audit entry.
 */
interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  headers?: { name: string; value: string }[];
}

async function mailTo(address: string, subject?: string): Promise<StoredMail[]> {
  const all = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  return all.emails.filter((m) => m.destination.to.includes(address) && (!subject || m.subject === subject));
}

let admin: TestAdmin;
const type = typeEntity({
  name: `Aurora ${uniqueId('r')}`,
  singlecollection: true,
  // A demo photograph (its set exists): this collection is listed on /women for the browser suites.
  womenproductimage: '["s3/collection_images/pieces/t-aurora-front.jpg"]',
});

async function newConfirmedMember(): Promise<string> {
  const email = `${uniqueId('rel')}@example.com`;
  const signed = await api('/member', {
    method: 'POST',
    json: { email, page: '/world/membership' },
    from: freshClientAddress(),
  });
  expect(signed.status).toBe(200);
  const [mail] = await mailTo(email, 'Please confirm your membership');
  const token = new URL(/(http\S+)/.exec(mail?.body.text ?? '')?.[1] ?? '').searchParams.get('token');
  expect((await api('/member/confirm', { method: 'POST', json: { token } })).status).toBe(200);
  return email;
}

const draft = (subject: string) => ({ typeId: type.id, subject, text: 'A new piece, one of one.' });

/** Announces a release and lets the sender run it through (fast: the test's own rate). */
async function announceAndSend(subject: string): Promise<string> {
  const created = await adminApi<{ id: string }>(admin, '/releases', {
    method: 'POST',
    json: draft(subject),
  });
  expect(created.status, created.text).toBe(200);
  for (let run = 0; run < 10; run++) {
    // Its own release only: another suite's (a crash test's) is left to that suite's runs.
    await sendReleases({ releaseId: created.body.id, ratePerSecond: 500, runSeconds: 20 });
    if ((await getRaw(`RELEASE#${created.body.id}`, '#RELEASE'))?.status === 'done') break;
  }
  return created.body.id;
}

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  admin = await loggedInAdmin();
  await store({ type });
});

describe('a release told to the members', () => {
  it('sign-up → confirmation → the release received, with the one-click link and the RFC 8058 headers', async () => {
    const email = await newConfirmedMember();
    const pending = `${uniqueId('pend')}@example.com`;
    await api('/member', { method: 'POST', json: { email: pending }, from: freshClientAddress() });
    const subject = `New: ${type.name}`;
    const id = await announceAndSend(subject);

    const [mail, ...more] = await mailTo(email, subject);
    expect(more).toEqual([]);
    expect(mail?.body.text).toContain('A new piece, one of one.');
    expect(mail?.body.text).toContain(
      `${type.name}: ${inject('baseUrl')}/products/singleproducts?type=${type.id}`,
    );
    expect(mail?.body.text).toContain(
      `Picture: ${inject('baseUrl')}/media/collection_images/pieces/t-aurora-front/960w.jpg`,
    );
    expect(mail?.body.text).toMatch(
      /To unsubscribe with one click: http\S+\/world\/membership\/unsubscribe\?token=/,
    );
    const header = (name: string) => mail?.headers?.find((h) => h.name === name)?.value;
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header('List-Unsubscribe')).toMatch(/^<http:\/\/\S+\/api\/member\/unsubscribe\?token=[^>]+>$/);
    // A sign-up that was never confirmed receives nothing.
    expect(await mailTo(pending, subject)).toEqual([]);

    const release = await getRaw(`RELEASE#${id}`, '#RELEASE');
    expect(release).toMatchObject({ status: 'done', failed: 0, interrupted: 0 });
    expect(Number(release?.sent) + Number(release?.suppressed)).toBe(release?.total);
    expect(await getRaw(`RELEASE#${id}`, `TO#${email}`)).toMatchObject({ state: 'sent' });
    const audit = (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === id);
    expect(audit).toMatchObject([{ action: 'announce', entity: 'release', admin: admin.username }]);
  });

  it('unsubscribed by the one-click POST of the header, or by the page of the link: no further mail', async () => {
    const byHeader = await newConfirmedMember();
    const byPage = await newConfirmedMember();
    const stays = await newConfirmedMember();
    const first = `First ${uniqueId('s')}`;
    await announceAndSend(first);
    const [headerMail] = await mailTo(byHeader, first);
    const oneClick = /^<(.+)>$/.exec(
      headerMail?.headers?.find((h) => h.name === 'List-Unsubscribe')?.value ?? '',
    )?.[1] as string;
    // What a mail client sends (RFC 8058): POST, form body, no cookie.
    const posted = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    // The link in the text opens the page, whose button makes this call.
    const [pageMail] = await mailTo(byPage, first);
    const page = new URL(/one click: (http\S+)/.exec(pageMail?.body.text ?? '')?.[1] ?? '');
    expect(page.pathname).toBe('/world/membership/unsubscribe');
    const token = page.searchParams.get('token') ?? '';
    const viaPage = await api(`/member/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      json: {},
    });
    expect(viaPage.status).toBe(200);

    const second = `Second ${uniqueId('s')}`;
    await announceAndSend(second);
    expect(await mailTo(byHeader, second)).toEqual([]);
    expect(await mailTo(byPage, second)).toEqual([]);
    expect(await mailTo(stays, second)).toHaveLength(1);
  });

  it('a member who unsubscribes after the announcement, before the sender reaches them, is counted suppressed', async () => {
    const leaving = await newConfirmedMember();
    const subject = `Third ${uniqueId('s')}`;
    const created = await adminApi<{ id: string }>(admin, '/releases', {
      method: 'POST',
      json: draft(subject),
    });
    const [confirmMail] = await mailTo(leaving, 'Please confirm your membership');
    expect(confirmMail).toBeDefined();
    // Unsubscribe with the test mail's link (the same link a release carries).
    await adminApi(admin, '/release-test', { method: 'POST', json: { ...draft('t'), to: leaving } });
    const [test] = await mailTo(leaving, 't');
    const token = new URL(/one click: (http\S+)/.exec(test?.body.text ?? '')?.[1] ?? '').searchParams.get(
      'token',
    );
    await api(`/member/unsubscribe?token=${encodeURIComponent(token ?? '')}`, { method: 'POST', json: {} });
    for (let run = 0; run < 10; run++) {
      await sendReleases({ releaseId: created.body.id, ratePerSecond: 500, runSeconds: 20 });
      if ((await getRaw(`RELEASE#${created.body.id}`, '#RELEASE'))?.status === 'done') break;
    }
    expect(await mailTo(leaving, subject)).toEqual([]);
    expect(await getRaw(`RELEASE#${created.body.id}`, `TO#${leaving}`)).toMatchObject({
      state: 'suppressed',
    });
  });
});

describe("the admin's announcement", () => {
  it('previews the mail as a member reads it, with the picture, and refuses an unknown collection or an empty draft', async () => {
    const preview = await adminApi<{ subject: string; text: string; pictureLink?: string }>(
      admin,
      '/release-preview',
      {
        method: 'POST',
        json: draft('Hello'),
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Hello');
    expect(preview.body.text).toContain('A new piece, one of one.');
    expect(preview.body.pictureLink).toMatch(
      /\/media\/collection_images\/pieces\/t-aurora-front\/960w\.jpg$/,
    );
    expect(
      (await adminApi(admin, '/release-preview', { method: 'POST', json: { ...draft('x'), typeId: 'nope' } }))
        .status,
    ).toBe(404);
    expect(
      (await adminApi(admin, '/releases', { method: 'POST', json: { ...draft(' '), text: '' } })).status,
    ).toBe(400);
  });

  it('sends a test to one address only, with the same headers', async () => {
    const me = `${uniqueId('me')}@example.com`;
    const answer = await adminApi(admin, '/release-test', {
      method: 'POST',
      json: { ...draft('Test run'), to: me },
    });
    expect(answer).toMatchObject({ status: 200, body: { to: me } });
    const [mail] = await mailTo(me, 'Test run');
    expect(mail?.headers?.map((h) => h.name).sort()).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
  });

  it('lists the releases with their progress', async () => {
    const list = await adminApi<{
      list: { subject: string; status: string; sent: number; total?: number }[];
    }>(admin, '/releases');
    expect(list.status).toBe(200);
    const row = list.body.list.find((r) => r.subject === `New: ${type.name}`);
    expect(row).toMatchObject({ status: 'done' });
    expect(row?.sent).toBeGreaterThan(0);
    expect((await api('/releases')).status).toBe(401);
  });
});
