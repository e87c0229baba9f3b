import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SizeEntity } from '#catalog/entities/size.ts';
import { type AnswerEntity, answerKeys } from '#size-finder/entities/answer.ts';
import { newAdmin } from '../support/admin.ts';
import { putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mailTo } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';

/**
 * The shop's reply to a size finder answer in Chromium (000 §9: results within 7 business
 * days): an overdue answer flagged in the list, the reply form on /view-answer (a size of the
 * collection and a note), the mail the shopper gets, and a second reply that asks first.
 */
const browser = startBrowser();

async function logIn(page: Page): Promise<string> {
  const { username, password } = await newAdmin();
  await page.getByRole('textbox', { name: 'username' }).fill(username);
  await page.getByLabel('password').fill(password);
  await page.getByRole('button', { name: 'log in' }).click();
  await page.waitForURL('**/admin-home');
  return username;
}

const literally = (text: string) => text.replace(/[.+]/g, '\\$&');

describe('replying to a size finder answer', () => {
  it('flags the overdue answer, sends the reply by mail, and asks before a second one', async () => {
    const type = typeEntity({ name: 'Reply atelier gowns', gender: 0 });
    const size = (name: string, index: number, gender: 0 | 1 | 2): SizeEntity => ({
      kind: 'size',
      id: uniqueId('s'),
      typeId: type.id,
      name,
      index,
      gender,
    });
    await store({ type, sizes: [size('S', 1, 0), size('M', 2, 0), size('Men L', 3, 1)] });
    const email = `reply-e2e-${uniqueId('a')}@example.com`;
    const answer: AnswerEntity = {
      kind: 'answer',
      id: randomUUID(),
      typeId: type.id,
      gender: 0,
      email,
      result: { '1': { shortName: 'bust', val: '34 inches' }, '2': { shortName: 'email', val: email } },
      createdTime: new Date(Date.now() - 20 * 24 * 60 * 60 * 1000).toISOString(),
    };
    await putItems([{ ...answerKeys(answer), ...answer }]);

    const page = await browser.open('/admin', { viewport: DESKTOP });
    const username = await logIn(page);

    // The list: only the unanswered, this one overdue.
    await page.goto('/view-answers');
    await page.getByRole('heading', { name: 'size finder replies' }).waitFor();
    await page.getByRole('radio', { name: 'unanswered' }).check();
    // Newest first: the run's other answers (the limits and fuzz suites make many) may put an
    // answer of 20 days ago on a later page; staff page on to it.
    const row = page.getByRole('row', { name: new RegExp(literally(email)) });
    const next = page.getByRole('navigation', { name: 'pages' }).getByRole('button', { name: 'next' });
    await page.getByRole('navigation', { name: 'pages' }).waitFor();
    for (let turns = 0; !(await row.isVisible()) && turns < 50; turns++) {
      if (!(await next.isEnabled())) break;
      await next.click();
      await page.waitForTimeout(300);
    }
    await row.waitFor();
    expect(await row.textContent()).toMatch(/overdue: \d+ business days/);
    await expectAccessible(page);
    await screenshot(page, 'admin-answer-replies-list-desktop');
    await row.getByRole('link').click();
    await page.waitForURL('**/view-answer?id=*');

    // The reply form: the collection's sizes for women (and unisex), and a note.
    const section = page.getByRole('region', { name: 'reply to the shopper' });
    await section.getByText(/not replied yet: \d+ business days since it came — overdue/).waitFor();
    const select = section.getByLabel('recommended size');
    await select.locator('option', { hasText: 'M' }).first().waitFor({ state: 'attached' });
    expect(await select.locator('option').allTextContents()).toEqual(['choose a size', 'S', 'M']);
    await section.getByRole('button', { name: 'send the reply' }).click();
    await section.getByRole('alert').filter({ hasText: 'choose the size to recommend' }).waitFor();
    await select.selectOption({ label: 'M' });
    await section
      .getByLabel('note to the shopper')
      .fill('Between two sizes, take the M: the silk does not give.');
    await section.getByText('54 / 1000 characters, optional').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-answer-replies-form-desktop');
    await section.getByRole('button', { name: 'send the reply' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: `reply sent to ${email}.` })
      .waitFor();

    // The answer shows it replied: when (Vancouver), by whom, the size, the note, the mail sent.
    const replied = section.getByRole('definition');
    await section.getByText(new RegExp(`P[SD]T by ${username}$`)).waitFor();
    expect(await replied.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}, \\d{2}:\\d{2}:\\d{2} P[SD]T by ${username}$`)),
      'M',
      'Between two sizes, take the M: the silk does not give.',
      expect.stringMatching(/^sent \d{4}-\d{2}-\d{2}/),
    ]);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Your size for Reply atelier gowns']);
    expect(mails[0]?.body.text).toMatch(/^ {4}M$/m);
    expect(mails[0]?.body.text).toContain('Between two sizes, take the M: the silk does not give.');
    await screenshot(page, 'admin-answer-replies-replied-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-answer-replies-replied-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // A second reply asks first; cancel sends nothing, yes sends it.
    await select.selectOption({ label: 'S' });
    await section.getByRole('button', { name: 'send another reply' }).click();
    const ask = section.getByRole('alertdialog');
    await ask
      .getByText(new RegExp(`already replied to on .* by ${username} \\(size M\\)\\. send another reply\\?`))
      .waitFor();
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'cancel' }).click();
    expect(await section.getByRole('alertdialog').count()).toBe(0);
    expect(await mailTo(email)).toHaveLength(1);
    await section.getByRole('button', { name: 'send another reply' }).click();
    await section.getByRole('alertdialog').getByRole('button', { name: 'yes, send another reply' }).click();
    await section.getByText(`by ${username} (reply 2)`, { exact: false }).waitFor();
    expect(await replied.nth(1).textContent()).toBe('S');
    expect(await mailTo(email)).toHaveLength(2);

    // Answered: no longer in the unanswered list; in all, with who replied.
    await page.goto('/view-answers');
    await page.getByRole('radio', { name: 'unanswered' }).check();
    await page.getByRole('table').or(page.getByText('Every reply has been answered.')).first().waitFor();
    expect(await page.getByRole('row', { name: new RegExp(literally(email)) }).count()).toBe(0);
  }, 180_000);

  it('keeps a reply whose mail failed as pending, and sends it again from the page', async () => {
    const type = typeEntity({ name: 'Reply atelier capes', gender: 2 });
    const cape: SizeEntity = {
      kind: 'size',
      id: uniqueId('s'),
      typeId: type.id,
      name: 'One size',
      index: 1,
      gender: 2,
    };
    await store({ type, sizes: [cape] });
    const email = `reply-e2e-${uniqueId('b')}@example.com`;
    const answer: AnswerEntity = {
      kind: 'answer',
      id: randomUUID(),
      typeId: type.id,
      email,
      result: { '1': { shortName: 'email', val: email } },
      createdTime: new Date().toISOString(),
    };
    // Recorded as a reply whose sender let the lease go after SES refused the mail.
    await putItems([
      {
        ...answerKeys(answer),
        ...answer,
        reply: {
          id: randomUUID(),
          sizeId: cape.id,
          sizeName: 'One size',
          note: '',
          at: new Date().toISOString(),
          by: 'ann',
          count: 1,
        },
      },
    ]);
    const page = await browser.open('/admin', { viewport: PHONE });
    await logIn(page);
    await page.goto(`/view-answer?id=${answer.id}`);
    const section = page.getByRole('region', { name: 'reply to the shopper' });
    await section.getByText('mail pending').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-answer-replies-pending-phone');
    await section.getByRole('button', { name: 'send the mail again' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: `mail sent to ${email}.` })
      .waitFor();
    await section.getByText(/^sent \d{4}-/).waitFor();
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['Your size for Reply atelier capes']);
  });
});
