import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MemberEntity } from '#members/entities/member.ts';
import { memberKeys } from '#members/entities/member.ts';
import { getRelease, startRelease } from '#members/entities/release.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { RELEASE_MESSAGES } from '#shared/contracts/releases.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Releases that go out by themselves (issue 34): scheduled by staff for a time, started by the
 * sender's run at that time (the clock is the job's `now`), which ends the collection's pre-sale
 * in the same transaction and mails every confirmed member once. A schedule edited, moved or
 * cancelled mails nobody twice; once its sending started it can no longer be changed (409). The
 * sender crashing after k mails and run again mails every member exactly once; an edit and a
 * second sender during a send mail nobody twice. Figures: docs/robustness-concurrency.md.
 */
interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

async function mailsWithSubject(subject: string): Promise<StoredMail[]> {
  const all = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  return all.emails.filter((m) => m.subject === subject);
}

/** How many mails of `subject` each address got. */
async function perAddress(subject: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of await mailsWithSubject(subject))
    for (const to of m.destination.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

let admin: TestAdmin;
const onPreSale = typeEntity({
  name: `Eclipse ${uniqueId('s')}`,
  preSale: true,
  preSaleText: 'arrives at the release',
});
const piece = productEntity(onPreSale, { colors: ['black'] });
const other = typeEntity({ name: `Solstice ${uniqueId('s')}` });

/** Confirmed members made directly in the table (a minute ago), answered by address. */
async function confirmedMembers(count: number, tag: string): Promise<string[]> {
  const at = new Date(Date.now() - 60_000).toISOString();
  const members: MemberEntity[] = Array.from({ length: count }, (_, i) => ({
    kind: 'member',
    email: `${tag}-${i}-${uniqueId('m')}@example.com`,
    createdAt: at,
    status: 'confirmed',
    confirmedAt: at,
  }));
  await putItems(members.map((m) => ({ ...memberKeys(m), ...m })));
  return members.map((m) => m.email);
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const clockAt =
  (iso: string, plusSeconds = 1) =>
  () =>
    new Date(Date.parse(iso) + plusSeconds * 1000);
const fast = { ratePerSecond: 500, runSeconds: 30 };

async function schedule(json: Record<string, unknown>): Promise<string> {
  const created = await adminApi<{ id: string; sendAt: string }>(admin, '/releases', {
    method: 'POST',
    json,
  });
  expect(created.status, created.text).toBe(200);
  return created.body.id;
}

const release = (id: string) => getRaw(`RELEASE#${id}`, '#RELEASE');

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  admin = await loggedInAdmin();
  await store({ type: onPreSale, products: [piece] });
  await store({ type: other });
});

describe('a scheduled release', () => {
  it('waits for its time, then ends the pre-sale and reaches each confirmed member once', async () => {
    const [member = ''] = await confirmedMembers(1, 'sched');
    const subject = `Eclipse arrives ${uniqueId('s')}`;
    const sendAt = inHours(1);
    const id = await schedule({ typeId: onPreSale.id, subject, text: 'The pieces are in the shop.', sendAt });
    expect(await release(id)).toMatchObject({ status: 'scheduled', sendAt, revision: 0 });

    // Before its time: the piece cannot be bought, nothing starts, nobody is mailed.
    const early = await api<{ message: string }>('/secret', {
      method: 'POST',
      json: checkoutBody(piece, newCheckoutKey()),
      from: freshClientAddress(),
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(CHECKOUT_MESSAGES.notOnSaleYet);
    expect(await sendReleases({ ...fast, releaseId: id })).toMatchObject({ started: 0, sent: 0 });
    expect(await mailsWithSubject(subject)).toEqual([]);
    expect((await api<{ type: { preSale: boolean } }>(`/type?id=${onPreSale.id}`)).body.type.preSale).toBe(
      true,
    );

    // Its time: the run starts it (the pre-sale ends in the same transaction) and mails.
    const run = await sendReleases({ ...fast, releaseId: id, now: clockAt(sendAt) });
    expect(run).toMatchObject({ started: 1, finished: 1 });
    expect((await api<{ type: { preSale: boolean } }>(`/type?id=${onPreSale.id}`)).body.type.preSale).toBe(
      false,
    );
    const mails = await perAddress(subject);
    expect(mails.get(member)).toBe(1);
    const [mail] = (await mailsWithSubject(subject)).filter((m) => m.destination.to.includes(member));
    expect(mail?.body.text).toContain(
      `${onPreSale.name}: ${inject('baseUrl')}/products/productrelated?type=`,
    );
    const done = await release(id);
    expect(done).toMatchObject({ status: 'done', failed: 0, interrupted: 0 });
    expect(Number(done?.sent) + Number(done?.suppressed)).toBe(done?.total);
    const audit = (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === onPreSale.id);
    expect(audit).toMatchObject([
      { action: 'release', entity: 'type', before: { preSale: true }, after: { preSale: false } },
    ]);

    // Later runs send nothing again; the finished release can no longer be changed.
    await sendReleases({ ...fast, releaseId: id, now: clockAt(sendAt, 120) });
    expect([...(await perAddress(subject)).values()].filter((n) => n > 1)).toEqual([]);
    const edit = await adminApi<{ message: string }>(admin, '/releases', {
      method: 'PATCH',
      json: { id, typeId: onPreSale.id, subject: 'again', text: 'again', sendAt: inHours(2) },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(RELEASE_MESSAGES.started);
    const progress = await adminApi<{ list: { id: string; sent: number; total?: number; status: string }[] }>(
      admin,
      '/releases',
    );
    expect(progress.body.list.find((r) => r.id === id)).toMatchObject({ status: 'done', sent: done?.sent });
  });

  it('edited and moved before its time: only the last version goes out, at the new time, once', async () => {
    const [member = ''] = await confirmedMembers(1, 'moved');
    const first = `First words ${uniqueId('s')}`;
    const last = `Last words ${uniqueId('s')}`;
    const at = inHours(1);
    const movedTo = inHours(3);
    const id = await schedule({ typeId: other.id, subject: first, text: 'one', sendAt: at });
    const moved = await adminApi<{ revision: number; sendAt: string }>(admin, '/releases', {
      method: 'PATCH',
      json: { id, typeId: other.id, subject: last, text: 'two', sendAt: movedTo },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ revision: 1, sendAt: movedTo });

    // A sender that read the release before the edit cannot start the old version.
    const stale = await getRelease(id);
    expect(stale).toBeDefined();
    if (stale) expect(await startRelease({ ...stale, revision: 0 }, [], new Date())).toBe(false);

    // The old time passes: nothing. The new time: the last version, once.
    expect(await sendReleases({ ...fast, releaseId: id, now: clockAt(at) })).toMatchObject({ started: 0 });
    expect(await mailsWithSubject(last)).toEqual([]);
    await sendReleases({ ...fast, releaseId: id, now: clockAt(movedTo) });
    await sendReleases({ ...fast, releaseId: id, now: clockAt(movedTo, 60) });
    expect(await mailsWithSubject(first)).toEqual([]);
    expect((await perAddress(last)).get(member)).toBe(1);
    expect([...(await perAddress(last)).values()].filter((n) => n > 1)).toEqual([]);
    expect(await release(id)).toMatchObject({ status: 'done', subject: last, revision: 1 });
    const audit = (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === id).map((e) => e.action);
    expect(audit.sort()).toEqual(['announce', 'reschedule']);
  });

  it('cancelled: never sent, whatever the clock; a cancelled release cannot be edited', async () => {
    await confirmedMembers(1, 'cancel');
    const subject = `Cancelled ${uniqueId('s')}`;
    const sendAt = inHours(1);
    const id = await schedule({ typeId: other.id, subject, text: 'never', sendAt });
    const cancelled = await adminApi(admin, '/releases', { method: 'DELETE', json: { id } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await sendReleases({ ...fast, releaseId: id, now: clockAt(sendAt, 3600) })).toMatchObject({
      started: 0,
      sent: 0,
    });
    expect(await mailsWithSubject(subject)).toEqual([]);
    expect(await release(id)).toMatchObject({ status: 'cancelled', cancelledBy: admin.username });
    const edit = await adminApi<{ message: string }>(admin, '/releases', {
      method: 'PATCH',
      json: { id, typeId: other.id, subject, text: 'revived', sendAt },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(RELEASE_MESSAGES.cancelled);
    expect((await adminApi(admin, '/releases', { method: 'DELETE', json: { id } })).status).toBe(409);
    expect(
      (await adminApi(admin, '/releases', { method: 'DELETE', json: { id: uniqueId('none') } })).status,
    ).toBe(404);
  });

  it('an event is announced without a collection: its title and day in the mail', async () => {
    const [member = ''] = await confirmedMembers(1, 'event');
    const subject = `Salon ${uniqueId('s')}`;
    const draft = {
      announces: 'event',
      eventTitle: 'Salon privé, Paris',
      eventDate: '2027-03-14',
      subject,
      text: 'Members hear of it first.',
    };
    const preview = await adminApi<{ text: string; collectionName?: string }>(admin, '/release-preview', {
      method: 'POST',
      json: draft,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.text).toContain('Salon privé, Paris: 14 March 2027');
    expect(preview.body.collectionName).toBeUndefined();
    const id = await schedule(draft);
    await sendReleases({ ...fast, releaseId: id });
    const [mail, ...more] = (await mailsWithSubject(subject)).filter((m) =>
      m.destination.to.includes(member),
    );
    expect(more).toEqual([]);
    expect(mail?.body.text).toContain('Members hear of it first.');
    expect(mail?.body.text).toContain('Salon privé, Paris: 14 March 2027');
    expect(mail?.body.text).not.toContain('/products/');
    expect(await release(id)).toMatchObject({ status: 'done', announces: 'event' });

    for (const wrong of [
      { ...draft, typeId: other.id },
      { ...draft, eventTitle: undefined },
      { ...draft, eventDate: '2027-02-30' },
      { subject, text: 'a collection release without its collection' },
      { ...draft, sendAt: 'tomorrow' },
      { ...draft, sendAt: inHours(24 * 400) },
    ]) {
      const answer = await adminApi<{ message: string }>(admin, '/releases', { method: 'POST', json: wrong });
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await api('/releases', { method: 'PATCH', json: { id } })).status).toBe(401);
    expect((await api('/releases', { method: 'DELETE', json: { id } })).status).toBe(401);
  });
});

describe('the sender crashing, and edits during a send', () => {
  const MEMBERS = 12;
  const CRASH_AFTER = 4;

  it(`crashes after ${CRASH_AFTER} mails; the next run mails every member exactly once`, async () => {
    const members = await confirmedMembers(MEMBERS, 'crash');
    const subject = `Crash ${uniqueId('s')}`;
    const id = await schedule({ typeId: other.id, subject, text: 'once' });
    await expect(
      sendReleases({
        ...fast,
        releaseId: id,
        afterMail: (sent) => {
          if (sent === CRASH_AFTER) throw new Error('the sender died');
        },
      }),
    ).rejects.toThrow('the sender died');
    const atCrash = await release(id);
    // (Another suite's sender run may take it over meanwhile: at least the k sent so far.)
    expect(atCrash).toMatchObject({ status: 'sending' });
    expect(Number(atCrash?.sent)).toBeGreaterThanOrEqual(CRASH_AFTER);
    // The admin's list shows how far it got.
    const listed = await adminApi<{ list: { id: string; sent: number; total: number }[] }>(
      admin,
      '/releases',
    );
    const row = listed.body.list.find((r) => r.id === id);
    expect(row?.total).toBe(atCrash?.total);
    expect(row?.sent).toBeGreaterThanOrEqual(CRASH_AFTER);
    const mailedAtCrash = (await mailsWithSubject(subject)).length;
    expect(mailedAtCrash).toBeGreaterThanOrEqual(CRASH_AFTER);

    await sendReleases({ ...fast, releaseId: id });
    const after = await release(id);
    const counts = await perAddress(subject);
    const twice = [...counts].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    for (const m of members) expect(counts.get(m), m).toBe(1);
    expect(after).toMatchObject({ status: 'done', failed: 0, interrupted: 0 });
    expect(Number(after?.sent) + Number(after?.suppressed)).toBe(after?.total);
    expect(counts.size).toBe(after?.sent);
    console.log(
      `[release crash after ${CRASH_AFTER}] recipients ${after?.total} (the test's ${MEMBERS} among them), ` +
        `mailed before the crash ${mailedAtCrash}, after the rerun ${counts.size}, duplicates ${twice.length}`,
    );
  }, 60_000);

  it('an edit, a cancel and a second sender during a send: refused, and nobody mailed twice', async () => {
    const members = await confirmedMembers(MEMBERS, 'during');
    const subject = `During ${uniqueId('s')}`;
    const changed = `Changed ${uniqueId('s')}`;
    const id = await schedule({ typeId: other.id, subject, text: 'the words sent' });
    let answers: number[] = [];
    let secondRun = { sent: 0 };
    await sendReleases({
      ...fast,
      releaseId: id,
      afterMail: async (sent) => {
        if (sent !== 3) return;
        // Mid-send: staff try to edit, move and cancel it, and another sender runs it through.
        const edit = await adminApi(admin, '/releases', {
          method: 'PATCH',
          json: { id, typeId: other.id, subject: changed, text: 'other words', sendAt: inHours(1) },
        });
        const cancel = await adminApi(admin, '/releases', { method: 'DELETE', json: { id } });
        answers = [edit.status, cancel.status];
        secondRun = await sendReleases({ ...fast, releaseId: id });
      },
    });
    expect(answers).toEqual([409, 409]);
    expect(secondRun.sent).toBeGreaterThan(0);
    const counts = await perAddress(subject);
    const twice = [...counts].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    for (const m of members) expect(counts.get(m), m).toBe(1);
    expect(await mailsWithSubject(changed)).toEqual([]);
    const after = await release(id);
    expect(after).toMatchObject({ status: 'done', subject, failed: 0, interrupted: 0 });
    expect(Number(after?.sent) + Number(after?.suppressed)).toBe(after?.total);
    expect(counts.size).toBe(after?.sent);
    console.log(
      `[release edit during send] recipients ${after?.total} (the test's ${MEMBERS} among them), ` +
        `edit ${answers[0]}, cancel ${answers[1]}, mailed by the second sender ${secondRun.sent}, ` +
        `mails ${(await mailsWithSubject(subject)).length}, with the edited words ${(await mailsWithSubject(changed)).length}, duplicates ${twice.length}`,
    );
  }, 60_000);
});
