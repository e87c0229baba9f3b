import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MemberEntity } from '#members/entities/member.ts';
import { memberKeys } from '#members/entities/member.ts';
import { listReleases } from '#members/entities/release.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { getRaw, putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff, vancouverFieldValue } from './support/staff.ts';

/**
 * The admin's release schedule in the browser (issue 34): a collection on pre-sale, the mail's
 * words and a time an hour ahead, the preview as members will read it, a test to an address,
 * the schedule, then an edit of it; at its time (the sender's clock) the list shows the
 * progress "sent n of N" mid-send, then done, and the member has the edited mail once.
 */
const browser = startBrowser();
const type = typeEntity({ name: `Nocturne ${uniqueId('e')}`, preSale: true, preSaleText: 'soon' });
const member = `${uniqueId('e2e-release')}@example.com`;

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  await store({ type });
  const at = new Date(Date.now() - 60_000).toISOString();
  const confirmed: MemberEntity = {
    kind: 'member',
    email: member,
    createdAt: at,
    status: 'confirmed',
    confirmedAt: at,
  };
  await putItems([{ ...memberKeys(confirmed), ...confirmed }]);
});

describe('a release scheduled in the admin', () => {
  it('schedules with a preview and a test, is edited, and shows sent n of N at its time', async () => {
    const admin = await openAsStaff(browser, {
      path: '/announce-release',
      viewport: DESKTOP,
      timezoneId: 'Asia/Tokyo',
    });
    await admin.getByRole('heading', { name: 'announce a release', level: 1 }).waitFor();
    await admin.getByLabel('collection').selectOption({ label: type.name });
    const subject = `Nocturne at dusk ${uniqueId('s')}`;
    await admin.getByLabel('subject').fill(subject);
    await admin.getByLabel('text').fill('The pieces are in the shop tonight.');
    // Typed in Vancouver time (the field says so), whatever the browser's zone.
    const sendAt = new Date(Math.floor((Date.now() + 3600_000) / 60_000) * 60_000);
    await admin.getByLabel('release time').fill(await vancouverFieldValue(admin, sendAt.getTime()));
    await admin.getByRole('button', { name: 'preview' }).click();
    const preview = admin.getByRole('region', { name: 'preview' });
    await preview.getByRole('heading', { name: subject }).waitFor();
    await preview.getByText(`${type.name}: `, { exact: false }).waitFor();
    await preview.getByText(/^goes out: .+, to every member confirmed by then\.$/).waitFor();
    const me = `${uniqueId('staff')}@example.com`;
    await admin.getByLabel('send a test to').fill(me);
    await admin.getByRole('button', { name: 'send a test' }).click();
    await admin.getByText(`test sent to ${me}.`).waitFor();
    await expect.poll(async () => (await mailTo(me)).filter((m) => m.subject === subject).length).toBe(1);
    await expectAccessible(admin);
    await screenshot(admin, 'i34-releases-schedule-preview-desktop');

    await admin.getByRole('button', { name: 'schedule', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'yes, schedule' }).click();
    await admin.getByRole('status').getByText('scheduled.').waitFor();
    const row = admin.getByRole('row').filter({ hasText: subject });
    await row.getByText('waits for its time').waitFor();

    // Edit it: new words, the same time.
    await row.getByRole('button', { name: 'edit' }).click();
    await admin.getByText('editing a scheduled release.').waitFor();
    const edited = `${subject} (edited)`;
    await admin.getByLabel('subject').fill(edited);
    await admin.getByRole('button', { name: 'preview' }).click();
    await preview.getByRole('heading', { name: edited }).waitFor();
    await admin.getByRole('button', { name: 'save the schedule', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'yes, save the schedule' }).click();
    await admin
      .getByRole('status')
      .getByText('the release is changed: nobody has been mailed yet.')
      .waitFor();
    const editedRow = admin.getByRole('row').filter({ hasText: edited });
    await editedRow.getByText('changed 1×').waitFor();
    await expectAccessible(admin);

    const release = (await listReleases()).find((r) => r.subject === edited);
    expect(release?.status).toBe('scheduled');
    // Typed in Vancouver time on a computer in Tokyo: stored as the instant Vancouver meant.
    expect(release?.sendAt).toBe(sendAt.toISOString());
    const id = release?.id ?? '';
    // Its time comes (the sender's clock): mid-send, the list shows how far it got.
    let progress = '';
    await sendReleases({
      releaseId: id,
      ratePerSecond: 500,
      runSeconds: 30,
      now: () => new Date(sendAt.getTime() + 60_000),
      afterMail: async (sent) => {
        if (sent !== 1) return;
        await admin.reload();
        const cell = admin
          .getByRole('row')
          .filter({ hasText: edited })
          .getByText(/^sent 1 of \d+/);
        await cell.waitFor();
        progress = (await cell.textContent()) ?? '';
        await screenshot(admin, 'i34-releases-progress-desktop');
      },
    });
    expect(progress).toMatch(/^sent 1 of \d+/);
    // The list refreshes while a release is sending: done, sent N of N.
    const doneRow = admin.getByRole('row').filter({ hasText: edited });
    await doneRow.getByText('done').waitFor({ timeout: 15_000 });
    const sent = await getRaw(`RELEASE#${id}`, '#RELEASE');
    await doneRow.getByText(new RegExp(`^sent ${sent?.sent} of ${sent?.total}`)).waitFor();
    await screenshot(admin, 'i34-releases-done-desktop');

    const mails = (await mailTo(member)).map((m) => m.subject);
    expect(mails.filter((s) => s === edited)).toHaveLength(1);
    expect(mails.filter((s) => s === subject)).toHaveLength(0);
    expect((await getRaw(`TYPE#${type.id}`, '#TYPE'))?.preSale).toBe(false);
  }, 180_000);
});
