import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type AuthRecordEntity, authRecordKeys } from '#authenticity/entities/auth-record.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { type OrderEntity, orderKeys } from '#checkout/entities/order.ts';
import { applySesFeedback } from '#members/events/ses-feedback.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { TERMS_MESSAGES } from '#shared/terms.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The terms-change notice (issue 20): staff publish a version of the terms (version, effective
 * date, summary; audited; listed); the confirmed members are mailed the notice through the
 * release sender (markers, suppression, unsubscribe link); an unconfirmed sign-up is not; GET
 * /terms shows the current version. A legal notice, not marketing (issue 34): a member who
 * unsubscribed from release mail, every buyer and owner who accepted an earlier version get it
 * too, each once; a bounced or complained address does not. However they came to be bound (issue
 * 45): a buyer from before the first version and an owner staff registered by hand get it too;
 * a buyer who accepted this very version does not.
 */
interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  headers?: { name: string; value: string }[];
}
const SUBJECT = 'Our terms of use are changing';

async function mailTo(address: string): Promise<StoredMail[]> {
  const all = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  return all.emails.filter((m) => m.destination.to.includes(address) && m.subject === SUBJECT);
}

async function signUp(): Promise<{ email: string; token: string }> {
  const email = `${uniqueId('terms')}@example.com`;
  const signed = await api('/member', { method: 'POST', json: { email }, from: freshClientAddress() });
  expect(signed.status).toBe(200);
  const all = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  const mail = all.emails.find(
    (m) => m.destination.to.includes(email) && m.subject === 'Please confirm your membership',
  );
  const token = new URL(/(http\S+)/.exec(mail?.body.text ?? '')?.[1] ?? '').searchParams.get('token') ?? '';
  return { email, token };
}

async function confirmedMember(): Promise<string> {
  const { email, token } = await signUp();
  expect((await api('/member/confirm', { method: 'POST', json: { token } })).status).toBe(200);
  return email;
}

let admin: TestAdmin;

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  admin = await loggedInAdmin();
});

describe('a new version of the terms', () => {
  it('reaches a confirmed member and one who unsubscribed from release mail, not an unconfirmed one, and becomes the current version', async () => {
    const member = await confirmedMember();
    const unconfirmed = (await signUp()).email;
    const gone = await confirmedMember();
    // Unsubscribed: on the suppression list.
    const unsubscribed = await api(
      `/member/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(gone))}`,
      { method: 'POST', json: {} },
    );
    expect(unsubscribed.status, unsubscribed.text).toBe(200);
    expect(await getRaw(`SUPPRESSED#${gone}`, '#SUPPRESSED')).toBeDefined();

    const version = uniqueId('v')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40);
    const published = await adminApi<{ version: string; noticeId: string }>(admin, '/terms-versions', {
      method: 'POST',
      json: { version, effectiveDate: '2027-01-15', summary: 'Disputes are now heard in Vancouver.' },
    });
    expect(published.status, published.text).toBe(200);
    const { noticeId } = published.body;

    for (let run = 0; run < 10; run++) {
      await sendReleases({ ratePerSecond: 500, runSeconds: 20, releaseId: noticeId });
      if ((await getRaw(`RELEASE#${noticeId}`, '#RELEASE'))?.status === 'done') break;
    }
    const [mail, ...more] = await mailTo(member);
    expect(more).toEqual([]);
    expect(mail?.body.text).toContain(`version ${version} takes effect on 15 January 2027`);
    expect(mail?.body.text).toContain('Disputes are now heard in Vancouver.');
    expect(mail?.body.text).toContain(
      `Read the terms in full: ${inject('baseUrl')}/more/terms-and-conditions`,
    );
    expect(mail?.body.text).toMatch(
      /To unsubscribe from release emails with one click: http\S+\/world\/membership\/unsubscribe\?token=/,
    );
    expect(mail?.headers?.find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    expect(await mailTo(unconfirmed)).toEqual([]);
    // A legal notice, not a release: the unsubscribed member gets it too, without an unsubscribe link.
    const [goneMail, ...goneMore] = await mailTo(gone);
    expect(goneMore).toEqual([]);
    expect(goneMail?.body.text).toContain(`version ${version} takes effect on 15 January 2027`);
    expect(goneMail?.body.text).not.toContain('unsubscribe');
    expect(goneMail?.headers?.find((h) => h.name === 'List-Unsubscribe')).toBeUndefined();
    // The release sender's markers: at most once per member.
    expect(await getRaw(`RELEASE#${noticeId}`, `TO#${member}`)).toMatchObject({ state: 'sent' });
    expect(await getRaw(`RELEASE#${noticeId}`, '#RELEASE')).toMatchObject({
      kind: 'termsNotice',
      status: 'done',
      failed: 0,
    });
    await sendReleases({ ratePerSecond: 500, runSeconds: 5, releaseId: noticeId });
    expect(await mailTo(member)).toHaveLength(1);

    // Audited, listed with the notice's progress, and the terms page's current version.
    const audit = (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === version);
    expect(audit).toMatchObject([{ action: 'publish', entity: 'terms', admin: admin.username }]);
    const listed = await adminApi<{ list: { version: string; notice: { status: string; sent: number } }[] }>(
      admin,
      '/terms-versions',
    );
    expect(listed.body.list[0]).toMatchObject({ version, notice: { status: 'done' } });
    expect(listed.body.list[0]?.notice.sent).toBeGreaterThanOrEqual(1);
    expect((await api('/terms')).body).toEqual({
      status: 200,
      current: { version, effectiveDate: '2027-01-15' },
    });
    // Not among the releases.
    const releases = await adminApi<{ list: { id: string }[] }>(admin, '/releases');
    expect(releases.body.list.map((r) => r.id)).not.toContain(noticeId);
  }, 120_000);

  it('is published once per version, with a real date and a summary; staff only', async () => {
    const version = uniqueId('w')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40);
    const body = { version, effectiveDate: '2027-02-01', summary: 'Clearer privacy wording.' };
    expect((await adminApi(admin, '/terms-versions', { method: 'POST', json: body })).status).toBe(200);
    const again = await adminApi(admin, '/terms-versions', { method: 'POST', json: body });
    expect(again).toMatchObject({ status: 409, body: { message: TERMS_MESSAGES.versionTaken } });
    for (const wrong of [
      { ...body, version: 'has space' },
      { ...body, version: uniqueId('x'), effectiveDate: '2027-02-30' },
      { ...body, version: uniqueId('x'), summary: '  ' },
    ]) {
      expect((await adminApi(admin, '/terms-versions', { method: 'POST', json: wrong })).status).toBe(400);
    }
    expect((await api('/terms-versions', { method: 'POST', json: body })).status).toBe(401);
  });
});

/** The one-click unsubscribe token of a member's links (as a release or notice mail carries it). */
async function unsubscribeToken(email: string): Promise<string> {
  const { unsubscribeLinks } = await import('#members/members.ts');
  const { getMember } = await import('#members/entities/member.ts');
  const member = (await getMember(email)) ?? { email };
  return new URL(unsubscribeLinks(member, new Date()).page).searchParams.get('token') ?? '';
}

describe('the checkout records the version of the terms shown before paying', () => {
  const type = typeEntity({ name: 'Terms checkout' });
  let serial = 0;
  const piece = () =>
    productEntity(type, {
      cardNumber: `79${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    });

  it('stores a published version on the order (shown in the admin order view) and refuses one never published', async () => {
    const [first, second] = [piece(), piece()];
    await store({ type, products: [first, second] as ProductEntity[] });
    const version = uniqueId('c')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40);
    const published = await adminApi(admin, '/terms-versions', {
      method: 'POST',
      json: { version, effectiveDate: '2027-03-01', summary: 'Checkout wording.' },
    });
    expect(published.status, published.text).toBe(200);

    const unknown = await api('/secret', {
      method: 'POST',
      json: { ...checkoutBody(first as ProductEntity, newCheckoutKey()), termsVersion: 'never-published' },
      from: freshClientAddress(),
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: TERMS_MESSAGES.unknownVersion } });
    expect(await getRaw(`PRODUCT#${first?.id}`, '#PRODUCT')).not.toHaveProperty('holdUntil');

    const started = await api<{ checkoutCode: string }>('/secret', {
      method: 'POST',
      json: { ...checkoutBody(second as ProductEntity, newCheckoutKey()), termsVersion: version },
      from: freshClientAddress(),
    });
    expect(started.status, started.text).toBe(200);
    const code = started.body.checkoutCode;
    expect(await getRaw(`ORDER#${code}`, '#ORDER')).toMatchObject({ termsVersion: version });
    const view = await adminApi<{ order: { termsVersion: string } }>(admin, `/order-details?id=${code}`);
    expect(view.status, view.text).toBe(200);
    expect(view.body.order.termsVersion).toBe(version);
  });
});

describe('a terms notice is a legal notice, not marketing', () => {
  const type = typeEntity({ name: 'Terms notice owners' });
  const stamp = Date.now().toString().slice(-9);
  const pieces = Array.from({ length: 7 }, (_, i) =>
    productEntity(type, { status: 0, cardNumber: `78${stamp}${String(i).padStart(5, '0')}` }),
  ) as [
    ProductEntity,
    ProductEntity,
    ProductEntity,
    ProductEntity,
    ProductEntity,
    ProductEntity,
    ProductEntity,
  ];

  /** A paid (or pending) order of the piece by `email`, recording the terms it accepted, and the piece's record. */
  async function bought(
    piece: ProductEntity,
    email: string,
    {
      termsVersion,
      owner = email,
      status = 'paid' as OrderEntity['status'],
    }: {
      termsVersion?: string;
      owner?: string;
      status?: OrderEntity['status'];
    },
  ) {
    const order: OrderEntity = {
      ...orderEntity(piece, Date.now() - 60_000, email),
      status,
      ...(termsVersion ? { termsVersion } : {}),
      ...(status === 'paid'
        ? { paidAt: new Date().toISOString(), mailSentAt: new Date().toISOString() }
        : {}),
    };
    const record: AuthRecordEntity = {
      kind: 'authRecord',
      cardNumber: piece.cardNumber as string,
      pid: piece.id,
      name: piece.name,
      email: owner,
      credentialVersion: 1,
      createdAt: new Date().toISOString(),
    };
    await putItems([
      { ...orderKeys(order), ...order },
      ...(status === 'paid' ? [{ ...authRecordKeys(record), ...record }] : []),
    ]);
  }

  const noticeMails = async (email: string, version: string) =>
    (await mailTo(email)).filter((m) => m.body.text?.includes(`version ${version} takes effect`));

  it('reaches an owner who unsubscribed from releases, a buyer who never signed up, a buyer from before the first version and an owner registered by hand, once each; not a bounced address', async () => {
    await store({ type, products: pieces });
    const earlier = uniqueId('e').slice(0, 40);
    // The first buyer of piece 0 transferred it to a member, who then unsubscribed from releases.
    const firstBuyer = `${uniqueId('buyer')}@example.com`;
    const owner = await confirmedMember();
    const unsubscribed = await api(
      `/member/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(owner))}`,
      { method: 'POST', json: {} },
    );
    expect(unsubscribed.status, unsubscribed.text).toBe(200);
    await bought(pieces[0], firstBuyer, { termsVersion: earlier, owner });
    // A buyer who never signed up.
    const buyer = `${uniqueId('buyer')}@example.com`;
    await bought(pieces[1], buyer, { termsVersion: earlier });
    // A buyer whose address bounced: suppressed, even for a legal notice.
    const bounced = `${uniqueId('bounced')}@example.com`;
    await bought(pieces[2], bounced, { termsVersion: earlier });
    await applySesFeedback({
      eventType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: bounced }] },
    });
    // A member who unsubscribed from releases and then complained: suppressed.
    const complained = await confirmedMember();
    await api(`/member/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(complained))}`, {
      method: 'POST',
      json: {},
    });
    await applySesFeedback({
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: complained }] },
    });
    // No terms accepted (an order from before the terms were versioned): bound all the same,
    // though the piece has another owner since.
    const noTerms = `${uniqueId('noterms')}@example.com`;
    const laterOwner = `${uniqueId('later')}@example.com`;
    await bought(pieces[3], noTerms, { owner: laterOwner });
    // A checkout never paid binds nobody.
    const unpaid = `${uniqueId('unpaid')}@example.com`;
    await bought(pieces[4], unpaid, { termsVersion: earlier, status: 'pending' });
    // An owner staff registered by hand (a piece sold elsewhere): a record, no order.
    const registered = `${uniqueId('registered')}@example.com`;
    const handRecord: AuthRecordEntity = {
      kind: 'authRecord',
      cardNumber: pieces[5].cardNumber as string,
      pid: pieces[5].id,
      name: pieces[5].name,
      email: registered.toUpperCase(),
      credentialVersion: 1,
      createdAt: new Date().toISOString(),
    };
    await putItems([{ ...authRecordKeys(handRecord), ...handRecord }]);
    // A buyer who accepted the version being published: told nothing new.
    const version = uniqueId('n').slice(0, 40);
    const accepted = `${uniqueId('accepted')}@example.com`;
    await bought(pieces[6], accepted, { termsVersion: version });

    const published = await adminApi<{ noticeId: string }>(admin, '/terms-versions', {
      method: 'POST',
      json: { version, effectiveDate: '2027-04-01', summary: 'Owners are told of every change.' },
    });
    expect(published.status, published.text).toBe(200);
    const { noticeId } = published.body;
    for (let run = 0; run < 10; run++) {
      await sendReleases({ ratePerSecond: 500, runSeconds: 20, releaseId: noticeId });
      if ((await getRaw(`RELEASE#${noticeId}`, '#RELEASE'))?.status === 'done') break;
    }

    for (const address of [owner, firstBuyer, buyer, noTerms, laterOwner, registered]) {
      const mails = await noticeMails(address, version);
      expect(mails, address).toHaveLength(1);
      expect(mails[0]?.body.text).toContain('Owners are told of every change.');
      expect(mails[0]?.body.text).not.toContain('unsubscribe');
    }
    for (const address of [bounced, complained, unpaid, accepted])
      expect(await noticeMails(address, version), address).toEqual([]);
    expect(await getRaw(`RELEASE#${noticeId}`, `TO#${bounced}`)).toMatchObject({ state: 'suppressed' });
    expect(await getRaw(`RELEASE#${noticeId}`, `TO#${complained}`)).toMatchObject({ state: 'suppressed' });
    expect(await getRaw(`RELEASE#${noticeId}`, '#RELEASE')).toMatchObject({ status: 'done', failed: 0 });

    // Sending again mails nobody twice.
    await sendReleases({ ratePerSecond: 500, runSeconds: 5, releaseId: noticeId });
    for (const address of [owner, firstBuyer, buyer, noTerms, laterOwner, registered])
      expect(await noticeMails(address, version), address).toHaveLength(1);
  }, 120_000);
});
