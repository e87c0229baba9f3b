import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { productKeys } from '#catalog/entities/keys.ts';
import type { MemberEntity } from '#members/entities/member.ts';
import { memberKeys } from '#members/entities/member.ts';
import { drawOpeningId, listReleases, onSaleReleaseId } from '#members/entities/release.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { deleteKeys } from '#table/query.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { anotherPng, uploadAs } from '../support/media.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Members told of every draw and release (issue 45): a release draw's opening mails every
 * confirmed member once, at the window's opening, with the piece, the window in words and the
 * draw's link; a collection going on sale from the collection editor (pre-sale unticked, or
 * created on sale) sends its release mail once. Both through the release sender's queue (at
 * most once, resumable): a crowd of 1,000 confirmed members, the sender crashing mid-run and
 * run again, every member mailed exactly once, unconfirmed and unsubscribed addresses never.
 *
 * The crowd is confirmed "in the future" (CROWD_AT) and the sender's clock set after it: the
 * mailings of this file reach it, while the other suites' mailings, started now, do not (they
 * keep their own small recipient lists). The crowd is removed afterwards.
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

async function perAddress(subject: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of await mailsWithSubject(subject))
    for (const to of m.destination.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

const CROWD = 1000;
const CRASH_AFTER = 400;
const CROWD_AT = '2031-03-01T00:00:00.000Z';
/** The draw's window: Saturday 1 March 2031, 18:00 to 20:00 in Vancouver (PST). */
const OPENS_AT = '2031-03-02T02:00:00.000Z';
const CLOSES_AT = '2031-03-02T04:00:00.000Z';
const at =
  (iso: string, plusSeconds = 1) =>
  () =>
    new Date(Date.parse(iso) + plusSeconds * 1000);
const run = { ratePerSecond: 2000, runSeconds: 240 };

let admin: TestAdmin;
const crowd: string[] = [];
const unconfirmed: string[] = [];
const members: MemberEntity[] = [];

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  admin = await loggedInAdmin();
  const tag = uniqueId('crowd');
  for (let i = 0; i < CROWD; i++) {
    const email = `${tag}-${i}@example.com`;
    crowd.push(email);
    members.push({ kind: 'member', email, createdAt: CROWD_AT, status: 'confirmed', confirmedAt: CROWD_AT });
  }
  // Not confirmed (a sign-up whose link was never opened), and one who left.
  const pending = `${tag}-pending@example.com`;
  const left = `${tag}-left@example.com`;
  unconfirmed.push(pending, left);
  members.push(
    { kind: 'member', email: pending, createdAt: CROWD_AT, status: 'pending', expiresAt: 2_000_000_000 },
    {
      kind: 'member',
      email: left,
      createdAt: CROWD_AT,
      status: 'unsubscribed',
      confirmedAt: CROWD_AT,
      unsubscribedAt: CROWD_AT,
      unsubscribeReason: 'unsubscribe',
    },
  );
  await putItems(members.map((m) => ({ ...memberKeys(m), ...m })));
}, 120_000);

afterAll(async () => {
  await deleteKeys(members.map((m) => ({ pk: `MEMBER#${m.email}`, sk: '#MEMBER' })));
});

const mailing = (id: string) => getRaw(`RELEASE#${id}`, '#RELEASE');

/** The sender crashes after CRASH_AFTER mails, then runs again to the end. */
async function crashThenResume(id: string, clock: () => Date) {
  await expect(
    sendReleases({
      ...run,
      releaseId: id,
      now: clock,
      afterMail: (sent) => {
        if (sent === CRASH_AFTER) throw new Error('the sender died');
      },
    }),
  ).rejects.toThrow('the sender died');
  const atCrash = await mailing(id);
  expect(atCrash).toMatchObject({ status: 'sending' });
  await sendReleases({ ...run, releaseId: id, now: clock });
  return mailing(id);
}

/** Every crowd member exactly once, nobody twice, the unconfirmed never. */
async function expectOncePerMember(subject: string, done: Record<string, unknown> | undefined) {
  const counts = await perAddress(subject);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(crowd.filter((m) => counts.get(m) !== 1)).toEqual([]);
  for (const m of unconfirmed) expect(counts.get(m), m).toBeUndefined();
  expect(done).toMatchObject({ status: 'done', failed: 0, interrupted: 0 });
  expect(Number(done?.sent) + Number(done?.suppressed)).toBe(done?.total);
  expect(counts.size).toBe(done?.sent);
  return counts;
}

describe('a release draw opening', () => {
  it(`mails each of ${CROWD} confirmed members once at its opening, through a crash`, async () => {
    const type = typeEntity();
    const piece = productEntity(type, { name: `Nocturne gown ${uniqueId('g')}` });
    await store({ type, products: [piece] });
    const made = await adminApi<{ draws: { drawId: string }[] }>(admin, '/draws', {
      method: 'POST',
      json: { pid: piece.id, opensAt: OPENS_AT, closesAt: CLOSES_AT },
    });
    expect(made.status, made.text).toBe(200);
    const drawId = made.body.draws[0]?.drawId ?? '';
    const id = drawOpeningId(drawId);
    expect(await mailing(id)).toMatchObject({ kind: 'drawOpening', status: 'scheduled', sendAt: OPENS_AT });

    // Before the window opens: nothing starts, nobody is mailed.
    const subject = `A draw for ${piece.name}, for members`;
    expect(await sendReleases({ ...run, releaseId: id, now: at(OPENS_AT, -60) })).toMatchObject({
      started: 0,
      sent: 0,
    });
    expect(await mailsWithSubject(subject)).toEqual([]);

    const started = Date.now();
    const done = await crashThenResume(id, at(OPENS_AT));
    const counts = await expectOncePerMember(subject, done);
    const [mail] = (await mailsWithSubject(subject)).filter((m) => m.destination.to.includes(crowd[0] ?? ''));
    const text = mail?.body.text ?? '';
    expect(text).toContain('Entries: Saturday 1 March, 18:00 – 20:00 Pacific time (Vancouver).');
    expect(text).toContain(`Enter on the draw’s page: ${inject('baseUrl')}/draw/${drawId}`);
    expect(text).toMatch(/unsubscribe with one click: http\S+token=/);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);

    // Later runs mail nobody again.
    await sendReleases({ ...run, releaseId: id, now: at(OPENS_AT, 600) });
    expect((await mailsWithSubject(subject)).length).toBe(counts.size);
    console.log(
      `[draw opening] recipients ${done?.total} (the crowd of ${CROWD} among them), crash after ${CRASH_AFTER}, ` +
        `mailed ${counts.size}, duplicates 0, unconfirmed mailed 0, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  it('whose window closed before the sender could start it: cancelled, nobody mailed', async () => {
    const type = typeEntity();
    const piece = productEntity(type, { name: `Late gown ${uniqueId('g')}` });
    await store({ type, products: [piece] });
    const made = await adminApi<{ draws: { drawId: string }[] }>(admin, '/draws', {
      method: 'POST',
      json: { pid: piece.id, opensAt: OPENS_AT, closesAt: CLOSES_AT },
    });
    expect(made.status, made.text).toBe(200);
    const id = drawOpeningId(made.body.draws[0]?.drawId ?? '');
    expect(await sendReleases({ ...run, releaseId: id, now: at(CLOSES_AT) })).toMatchObject({
      started: 0,
      sent: 0,
    });
    expect(await mailing(id)).toMatchObject({ status: 'cancelled' });
    expect(await mailsWithSubject(`A draw for ${piece.name}, for members`)).toEqual([]);
  });
});

const collectionFields = (name: string, preSale: boolean) => ({
  name,
  gender: 0,
  areaAmount: 1,
  singlecollection: false,
  issoldout: false,
  preSale,
  ...(preSale ? { preSaleText: 'arrives soon' } : {}),
  discount: false,
});

async function newCollection(name: string, preSale: boolean): Promise<string> {
  const picture = (await uploadAs(admin, 'image', await anotherPng(), 'image/png')).url;
  const created = await adminApi<{ type: { id: string } }>(admin, '/types', {
    method: 'POST',
    json: { ...collectionFields(name, preSale), womenImages: [picture], menImages: [] },
  });
  expect(created.status, created.text).toBe(200);
  return created.body.type.id;
}

const edit = async (id: string, name: string, preSale: boolean) => {
  const answer = await adminApi(admin, '/types', {
    method: 'PATCH',
    json: { id, ...collectionFields(name, preSale) },
  });
  expect(answer.status, answer.text).toBe(200);
};

/** The collection's releases, and the audit entries announcing them. */
const releasesOf = async (typeId: string) => (await listReleases()).filter((r) => r.typeId === typeId);
const announcements = async (typeId: string) =>
  (await itemsWithPrefix('AUDIT#')).filter(
    (e) => e.entity === 'release' && (e.after as { typeId?: string } | undefined)?.typeId === typeId,
  );

describe('a collection going on sale from the editor', () => {
  it(`unticked pre-sale (twice): one release mail, once the collection has a piece, to each of ${CROWD} members`, async () => {
    const name = `Aurore ${uniqueId('c')}`;
    const typeId = await newCollection(name, true);
    expect(await mailing(onSaleReleaseId(typeId))).toBeUndefined();

    // Unticked, ticked again, unticked again, saved again: one release.
    await edit(typeId, name, false);
    await edit(typeId, name, true);
    await edit(typeId, name, false);
    await edit(typeId, name, false);
    expect(await releasesOf(typeId)).toHaveLength(1);
    const id = onSaleReleaseId(typeId);
    expect(await mailing(id)).toMatchObject({ kind: 'release', status: 'scheduled', onSale: true, typeId });
    expect(await announcements(typeId)).toHaveLength(1);

    // No piece yet: the mail waits (it would link to an empty collection).
    const subject = `New release: ${name}`;
    expect(await sendReleases({ ...run, releaseId: id, now: at(CROWD_AT, 3600) })).toMatchObject({
      started: 0,
    });
    expect(await mailing(id)).toMatchObject({ status: 'scheduled' });
    const coat = productEntity(typeEntity({ id: typeId, name }), { name: `${name} coat` });
    await putItems([{ ...productKeys(coat), ...coat }]);

    const done = await crashThenResume(id, at(CROWD_AT, 3600));
    const counts = await expectOncePerMember(subject, done);
    const [mail] = (await mailsWithSubject(subject)).filter((m) => m.destination.to.includes(crowd[0] ?? ''));
    expect(mail?.body.text).toContain(`${name}: ${inject('baseUrl')}/products/productrelated?type=${typeId}`);

    // Put back in pre-sale and on sale again: no second mail.
    await edit(typeId, name, true);
    await edit(typeId, name, false);
    await sendReleases({ ...run, releaseId: id, now: at(CROWD_AT, 7200) });
    expect(await releasesOf(typeId)).toHaveLength(1);
    expect(await announcements(typeId)).toHaveLength(1);
    expect((await mailsWithSubject(subject)).length).toBe(counts.size);
    console.log(
      `[on sale from the editor] recipients ${done?.total} (the crowd of ${CROWD} among them), ` +
        `crash after ${CRASH_AFTER}, mailed ${counts.size}, duplicates 0, unconfirmed mailed 0`,
    );
  }, 300_000);

  it('created on sale: its release is scheduled; created in pre-sale, or announced by staff: none', async () => {
    const onSale = await newCollection(`Zénith ${uniqueId('c')}`, false);
    expect(await mailing(onSaleReleaseId(onSale))).toMatchObject({ status: 'scheduled', onSale: true });

    const inPreSale = await newCollection(`Halo ${uniqueId('c')}`, true);
    expect(await mailing(onSaleReleaseId(inPreSale))).toBeUndefined();

    // A collection on sale all along (here before the editor announced any), edited: no mail.
    const old = typeEntity({ preSale: false });
    await store({ type: old });
    await edit(old.id, `${old.name} renamed`, false);
    expect(await releasesOf(old.id)).toEqual([]);

    // Staff scheduled its release (it ends the pre-sale at its time): unticking by hand adds none.
    const staffs = `Staff words ${uniqueId('s')}`;
    const scheduled = await adminApi(admin, '/releases', {
      method: 'POST',
      json: {
        typeId: inPreSale,
        subject: staffs,
        text: 'ours',
        sendAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    await edit(inPreSale, `Halo ${uniqueId('c')}`, false);
    expect((await releasesOf(inPreSale)).map((r) => r.subject)).toEqual([staffs]);
  });
});
