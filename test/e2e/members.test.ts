import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listMailings } from '#members/entities/release.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import {
  MEMBER_CONFIRM_DAYS,
  MEMBER_CONFIRMED_WORDS,
  MEMBER_MESSAGES,
  MEMBER_SIGNUP_WORDS,
} from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api, freshClientAddress, newCheckoutKey, until } from '../support/api.ts';
import { getRaw, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * Members in the browser (issue 17): the sign-up still says "received.", the confirmation link's
 * page confirms, the admin announces a release (preview with the picture, a test to oneself,
 * the announcement, its progress), and the unsubscribe link's page unsubscribes.
 */
const browser = startBrowser();
const type = typeEntity({ name: `Release Atelier ${uniqueId('e')}` });
const email = `${uniqueId('e2e-member')}@example.com`;
/** Bought by the member before the terms change: an owner who has left the release mail. */
const owned = productEntity(type, {
  name: 'Terms Walk Stole',
  cardNumber: `77${Date.now().toString().slice(-9)}00001`,
  priceUs: 1800,
});

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  await store({ type, products: [owned] });
});

/** The page path and query of the first link in the latest mail with `subject`. */
async function linkIn(subject: string, pattern: RegExp): Promise<string> {
  await expect
    .poll(async () => (await mailTo(email)).filter((m) => m.subject === subject).length)
    .toBeGreaterThan(0);
  const mail = (await mailTo(email)).filter((m) => m.subject === subject).at(-1);
  const url = new URL(pattern.exec(mail?.body.text ?? '')?.[1] ?? '');
  return `${url.pathname}${url.search}`;
}

const adminPage = (path: string) => openAsStaff(browser, { path, viewport: DESKTOP });

describe('a member from sign-up to unsubscribe', () => {
  it('signs up ("received."), confirms on the link page, receives a release, unsubscribes on the link page', async () => {
    const page = await browser.open('/world/membership', { clientAddress: freshClientAddress() });
    const seen: string[] = [];
    page.on('dialog', (dialog) => {
      seen.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'here', exact: true }).click();
    await page.getByLabel('email address').fill(email);
    await page.getByRole('button', { name: 'confirm' }).click();
    await expect.poll(() => seen).toEqual([MESSAGES.signupReceived]);
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toMatchObject({
      status: 'pending',
      consent: { page: '/world/membership' },
    });
    // Issue 34: after "received." the page says a mail is on its way, for how long its link works.
    const sent = page.getByRole('region', { name: 'your sign-up' });
    await sent.getByRole('status').getByText(MESSAGES.signupReceived).waitFor();
    await sent.getByText(MEMBER_SIGNUP_WORDS.mailOnItsWay(email)).waitFor();
    expect(MEMBER_SIGNUP_WORDS.mailOnItsWay(email)).toContain(`within ${MEMBER_CONFIRM_DAYS} days`);
    await expectAccessible(page);
    await screenshot(page, 'member-signup-sent-phone');
    await linkIn('Please confirm your membership', /(http\S+)/);
    // "send it again": one more mail, no new alert.
    await sent.getByRole('button', { name: MEMBER_SIGNUP_WORDS.sendAgain }).click();
    await sent.getByRole('status').getByText(MEMBER_SIGNUP_WORDS.sentAgain).waitFor();
    await expect
      .poll(
        async () =>
          (await mailTo(email)).filter((m) => m.subject === 'Please confirm your membership').length,
      )
      .toBe(2);
    expect(seen).toEqual([MESSAGES.signupReceived]);
    await screenshot(page, 'member-signup-sent-again-phone');

    const confirmPath = await linkIn('Please confirm your membership', /(http\S+)/);
    const confirm = await browser.open(confirmPath);
    await confirm.getByRole('button', { name: 'confirm my membership' }).waitFor();
    // Opening the page confirms nothing (mail scanners follow links).
    expect((await getRaw(`MEMBER#${email}`, '#MEMBER'))?.status).toBe('pending');
    await expectAccessible(confirm);
    await confirm.getByRole('button', { name: 'confirm my membership' }).click();
    const done = confirm.getByRole('status');
    await done.getByText(MEMBER_MESSAGES.confirmed).waitFor();
    // Said plainly: a member now, and what members receive.
    await done.getByText(MEMBER_CONFIRMED_WORDS.nowMember).waitFor();
    await done.getByText(MEMBER_CONFIRMED_WORDS.receive).waitFor();
    await expectAccessible(confirm);
    await screenshot(confirm, 'member-confirmed-phone');
    expect((await getRaw(`MEMBER#${email}`, '#MEMBER'))?.status).toBe('confirmed');

    const admin = await adminPage('/announce-release');
    await admin.getByRole('heading', { name: 'announce a release', level: 1 }).waitFor();
    await admin.getByLabel('collection').selectOption({ label: type.name });
    const subject = `New in ${type.name}`;
    await admin.getByLabel('subject').fill(subject);
    await admin.getByLabel('text').fill('One piece, one of one.');
    await admin.getByRole('button', { name: 'preview' }).click();
    const preview = admin.getByRole('region', { name: 'preview' });
    await preview.getByRole('heading', { name: subject }).waitFor();
    await preview.getByText('One piece, one of one.').waitFor();
    const me = `${uniqueId('me')}@example.com`;
    await admin.getByLabel('send a test to').fill(me);
    await admin.getByRole('button', { name: 'send a test' }).click();
    await admin.getByText(`test sent to ${me}.`).waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'announce', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'yes, announce' }).click();
    await admin.getByText('announced: the members are being mailed.').waitFor();
    const row = admin.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    // The scheduled sender's run, then the list (refreshed while sending) shows the progress.
    // (This release's: other suites' draws, releases and notices, due now, queue their own mailings.)
    const releaseId = (await listMailings()).find((m) => m.kind === 'release' && m.subject === subject)?.id;
    await sendReleases({ ratePerSecond: 500, runSeconds: 20, releaseId });
    await row.getByText('done').waitFor({ timeout: 15_000 });
    await screenshot(admin, 'admin-announce-release-desktop');

    const unsubscribePath = await linkIn(subject, /one click: (http\S+)/);
    const leave = await browser.open(unsubscribePath);
    await leave.getByRole('button', { name: 'unsubscribe' }).waitFor();
    await expectAccessible(leave);
    await leave.getByRole('button', { name: 'unsubscribe' }).click();
    await leave.getByRole('status').getByText(MEMBER_MESSAGES.unsubscribed).waitFor();
    expect((await getRaw(`MEMBER#${email}`, '#MEMBER'))?.status).toBe('unsubscribed');
  });
});

describe('staff see pending sign-ups (issue 34)', () => {
  it("/view-members counts the pending ones and shows each one's age and how long its link works", async () => {
    const waiting = `${uniqueId('e2e-pending')}@example.com`;
    const answer = await api('/member', {
      method: 'POST',
      json: { email: waiting },
      from: freshClientAddress(),
    });
    expect(answer.status).toBe(200);
    // Signed up three hours ago, as far as the list can tell.
    const item = await getRaw(`MEMBER#${waiting}`, '#MEMBER');
    const hours = 3 * 3_600;
    await putItems([
      {
        ...item,
        createdAt: new Date(Date.now() - hours * 1000).toISOString(),
        expiresAt: Number(item?.expiresAt) - hours,
      },
    ]);
    const admin = await adminPage('/view-members');
    await admin.getByRole('heading', { name: 'members', level: 1 }).waitFor();
    await admin.getByText(/, of which [1-9]\d* pending: /).waitFor();
    const row = admin.getByRole('row').filter({ hasText: waiting });
    await row.waitFor();
    const status = (await row.getByRole('cell').allTextContents())[1];
    expect(status).toBe(`pending signed up 3 hours ago, link valid ${MEMBER_CONFIRM_DAYS - 1} days more`);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-members-pending-desktop');
  });
});

/** The version of the terms the checkout shows now; publishes a first one on a stack that has none. */
async function termsShown(): Promise<string> {
  const current = async () => (await api<{ current?: { version: string } }>('/terms')).body.current?.version;
  const shown = await current();
  if (shown) return shown;
  const admin = await loggedInAdmin();
  const first = {
    version: uniqueId('first').slice(0, 40),
    effectiveDate: '2026-01-01',
    summary: 'The first terms.',
  };
  expect((await adminApi(admin, '/terms-versions', { method: 'POST', json: first })).status).toBe(200);
  return (await current()) ?? '';
}

describe('a new version of the terms (issue 20)', () => {
  it('staff publish it on the admin page (listed with its notice), the terms page shows its version and date, and an owner who unsubscribed from releases is told', async () => {
    // The member of the walk above, unsubscribed there, owns a piece bought under the terms of then.
    expect((await getRaw(`MEMBER#${email}`, '#MEMBER'))?.status).toBe('unsubscribed');
    const before = await termsShown();
    const code = await payWithTestCard(
      checkoutBody(owned, newCheckoutKey(), { email, termsVersion: before }),
    );
    expect((await getRaw(`ORDER#${code}`, '#ORDER'))?.termsVersion).toBe(before);
    const admin = await adminPage('/terms-versions');
    admin.on('dialog', (dialog) => void dialog.accept());
    const version = `e2e.${Date.now().toString().slice(-8)}`;
    await admin.getByLabel('version', { exact: true }).fill(version);
    await admin.getByLabel('effective date').fill('2027-05-01');
    await admin.getByLabel('summary of the changes').fill('Governing law clarified.');
    await admin.getByRole('button', { name: 'publish and notify members' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `version ${version} published` })
      .waitFor();
    const row = admin.getByRole('row').filter({ hasText: version });
    await row.getByText('Governing law clarified.').waitFor();
    // The notice goes out through the release sender; the list shows its progress.
    const noticeId = (await listMailings()).find(
      (m) => m.kind === 'termsNotice' && m.version === version,
    )?.id;
    // Every buyer and owner on record is a recipient: after the other suites' orders, more than
    // one run of the sender may be needed.
    await until(
      async () => {
        await sendReleases({ ratePerSecond: 500, runSeconds: 10, releaseId: noticeId });
        return (await listMailings()).find((m) => m.id === noticeId)?.status === 'done';
      },
      'the terms notice sent to every recipient',
      180_000,
    );
    await admin.reload();
    await admin
      .getByRole('row')
      .filter({ hasText: version })
      .getByText(/^done: /)
      .waitFor();
    await expectAccessible(admin);
    await screenshot(admin, 'admin-terms-versions-desktop');

    const terms = await browser.open('/more/terms-and-conditions');
    await terms.getByText(`Version ${version}, effective 2027-05-01.`).waitFor();

    // The owner who left the release mail gets the notice, once, without an unsubscribe link.
    const notices = (await mailTo(email)).filter((m) =>
      m.body.text?.includes(`version ${version} takes effect`),
    );
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.body.text).toContain('Governing law clarified.');
    expect(notice?.body.text).not.toContain('unsubscribe');
    // The mail as the owner reads it (the SES stand-in keeps its text).
    const inbox = await browser.open('/home', { viewport: DESKTOP });
    await inbox.setContent(
      `<main style="font: 15px/1.5 system-ui; padding: 24px; max-width: 720px"><p><b>To:</b> ${email}<br><b>Subject:</b> ${notice?.subject}</p><pre style="white-space: pre-wrap; font: inherit">${notice?.body.text}</pre></main>`,
    );
    await screenshot(inbox, 'member-terms-notice-unsubscribed-owner');
  });
});
