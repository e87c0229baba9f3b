import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/admin.ts';
import { itemsWithPrefix } from '../support/db.ts';
import { store, typeEntity } from '../support/fixtures.ts';
import { png } from '../support/media.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';

/**
 * The size finder admin in Chromium (001 §2): staff build a two-step finder for a collection,
 * with an option picture uploaded under its progress bar; shoppers then see it in the
 * storefront's size finder, and staff read the reply.
 */
const browser = startBrowser();

/** A real 24×24 PNG, a warm gradient, so the picture is visible in screenshots. */
const gradient = () => png({ size: 24, colour: (x, y) => [120 + x * 5, 80 + y * 4, 60] });

/** Every window.alert the page raises, accepted as they come. */
function dialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function logIn(page: Page): Promise<void> {
  const { username, password } = await newAdmin();
  await page.getByRole('textbox', { name: 'username' }).fill(username);
  await page.getByLabel('password').fill(password);
  await page.getByRole('button', { name: 'log in' }).click();
  await page.waitForURL('**/admin-home');
}

async function addStep(
  page: Page,
  fields: { index: string; type: string; shortName: string; question: string },
) {
  await page.getByRole('link', { name: 'add a step' }).click();
  await page.waitForURL('**/edit-step?sid=*');
  await page.getByLabel('index (order of the question)').fill(fields.index);
  await page.getByLabel('type', { exact: true }).selectOption(fields.type);
  await page.getByLabel('short name (names the answer)').fill(fields.shortName);
  await page.getByLabel('question', { exact: true }).fill(fields.question);
  await page.getByRole('button', { name: 'add step' }).click();
  await page.waitForURL('**/edit-step?id=*');
  await page.getByRole('heading', { name: `step ${fields.index}: ${fields.shortName}` }).waitFor();
}

async function addOption(page: Page, index: string, text: string) {
  await page.getByRole('link', { name: 'add an option' }).click();
  await page.waitForURL('**/edit-option?sid=*');
  await page.getByLabel('index (order of the option)').fill(index);
  await page.getByLabel('option text').fill(text);
  await page.getByRole('button', { name: 'add option' }).click();
  await page.waitForURL('**/view-options?*');
  await page.getByRole('cell', { name: text, exact: true }).waitFor();
}

describe('size finder admin', () => {
  it('builds a two-step finder that shoppers use, and shows their reply', async () => {
    const type = typeEntity({ name: 'Atelier capes', gender: 0 });
    await store({ type });
    const page = await browser.open('/admin', { viewport: DESKTOP });
    const alerts = dialogs(page);
    await logIn(page);

    // The collection has no finder yet: add the women's one.
    await page.goto(`/view-size-finders?tid=${type.id}`);
    await page.getByRole('heading', { name: 'size finders of Atelier capes' }).waitFor();
    await page.getByText('This collection has no size finder yet.').waitFor();
    await page.getByLabel('new size finder for').selectOption('0');
    await page.getByRole('button', { name: 'add size finder' }).click();
    await page.getByRole('link', { name: 'steps of the size finder for women' }).waitFor();
    // A new finder has no e-mail step yet: the list says it cannot answer anyone.
    await page.getByText('no e-mail step: nobody can be answered').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-list-desktop');
    await page.getByRole('link', { name: 'steps of the size finder for women' }).click();
    await page.waitForURL('**/view-steps?id=*');
    const stepsUrl = page.url();

    // Step 1: three options with pictures; step 2: the e-mail box.
    await addStep(page, {
      index: '1',
      type: '3',
      shortName: 'collar',
      question: 'Which collar do you like best?',
    });
    await page.getByRole('heading', { name: 'picture', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-edit-step-desktop');
    await page.goto(stepsUrl);
    // Without an e-mail step the steps page warns, and the warning goes once the step is added.
    const warning = page.getByRole('note', { name: 'no e-mail step' });
    await warning.getByText('This size finder has no e-mail step.').waitFor();
    await page.getByText('1 steps.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-no-email-warning-desktop');
    await addStep(page, {
      index: '2',
      type: '4',
      shortName: 'email',
      question: 'Where should we send your size?',
    });
    await page.goto(stepsUrl);
    await page
      .getByRole('cell', { name: /collar/ })
      .first()
      .waitFor();
    await page.getByText('2 steps.').waitFor();
    expect(await warning.count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-steps-desktop');

    // Options of the collar step.
    await page.getByRole('link', { name: /options of step collar/ }).click();
    await page.waitForURL('**/view-options?*');
    await addOption(page, '0', 'Shawl');
    await addOption(page, '1', 'Mandarin');
    await addOption(page, '2', 'Funnel');

    // Delete one, after confirming.
    await page
      .getByRole('row', { name: /Funnel/ })
      .getByRole('button', { name: 'delete', exact: true })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'yes, delete' }).click();
    await page.getByRole('cell', { name: 'Funnel', exact: true }).waitFor({ state: 'detached' });

    // The Shawl option's picture, uploaded with its progress bar.
    await page.getByRole('link', { name: 'picture of option Shawl' }).click();
    await page.waitForURL('**/add-option-img?*');
    await page.getByText('no picture yet').waitFor();
    await page
      .getByRole('region', { name: 'option picture' })
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'shawl.png',
        mimeType: 'image/png',
        buffer: await gradient(),
      });
    const bar = page.getByRole('progressbar', { name: 'upload of shawl.png' });
    await bar.waitFor();
    expect(await bar.getAttribute('value')).toBe('0');
    await page.getByAltText('preview of shawl.png').waitFor();
    await screenshot(page, 'admin-finders-option-picture-chosen-desktop');
    await page.getByRole('button', { name: 'upload', exact: true }).click();
    // The picture itself, not the placeholder that holds its box until the server says how it is.
    const picture = page
      .getByRole('img', { name: 'option: Shawl' })
      .and(page.locator(':not([data-picture])'));
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/collection_images\/[\w-]+\.png$/);
    await bar.waitFor({ state: 'detached' });
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-option-picture-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-finders-option-picture-phone');
    await page.getByRole('link', { name: 'back to the options' }).click();
    await page.getByRole('img', { name: 'option: Shawl' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-options-phone');
    await page.goto(stepsUrl);
    await page
      .getByRole('cell', { name: /collar/ })
      .first()
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-steps-phone');
    await page.setViewportSize(DESKTOP);

    // A shopper answers it in the storefront.
    const shop = await browser.open(`/products/productsizeguide?type=${type.id}&gender=0`);
    await shop.getByRole('button', { name: 'size finder' }).click();
    const sheet = shop.getByRole('dialog', { name: 'size finder' });
    await sheet.getByRole('button', { name: 'begin' }).click();
    await sheet.getByText('question 1 of 2').waitFor();
    await sheet.getByRole('heading', { name: 'Which collar do you like best?' }).waitFor();
    const card = sheet.getByRole('button', { name: 'Shawl' });
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/media\/collection_images\//);
    await sheet.getByRole('button', { name: 'Mandarin' }).waitFor();
    expect(await sheet.getByRole('button', { name: 'Funnel' }).count()).toBe(0);
    await screenshot(shop, 'admin-finders-storefront-phone');
    await card.click();
    await sheet.getByRole('button', { name: 'continue' }).click();
    await sheet.getByText('question 2 of 2').waitFor();
    const email = `cape-${Date.now()}@example.com`;
    await sheet.getByRole('textbox', { name: 'your email address', exact: true }).fill(email);
    await sheet.getByRole('button', { name: 'continue' }).click();
    await sheet.getByRole('heading', { name: 'Thank you' }).waitFor();

    // Staff read the reply: newest first, Vancouver time, every entry.
    await page.goto('/view-answers');
    await page.getByRole('heading', { name: 'size finder replies' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Atelier capes/);
    expect(await row.textContent()).toMatch(/\d{4}-\d{2}-\d{2}, \d{2}:\d{2}:\d{2} P[SD]T/);
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-answers-desktop');
    await row.getByRole('link').click();
    await page.waitForURL('**/view-answer?id=*');
    await page.getByRole('heading', { name: 'size finder reply' }).waitFor();
    const entries = page.locator('tbody tr');
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual(['1collarShawl', `2email${email}`]);
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-answer-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-finders-answer-phone');
    await page.setViewportSize(DESKTOP);

    // A delete that fails says "Error"; one that works takes the finder and its pictures away.
    await page.goto(`/view-size-finders?tid=${type.id}`);
    await page.getByRole('link', { name: 'steps of the size finder for women' }).waitFor();
    expect(await page.getByText('no e-mail step: nobody can be answered').count()).toBe(0);
    browser.expectFailures({ status: 500, path: '/api/size-finder' });
    await page.route('**/api/size-finder?*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'yes, delete' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Error$/ })
      .waitFor();
    expect(alerts).toEqual(['Error']);
    await page.unroute('**/api/size-finder?*');
    await page.getByRole('button', { name: 'yes, delete' }).click();
    await page.getByText('This collection has no size finder yet.').waitFor();
    const left = (await itemsWithPrefix('FINDER#')).filter((i) => i.typeId === type.id);
    expect(left).toEqual([]);
  }, 180_000);

  it('works at 360 px: the list of size finders and the step form', async () => {
    const type = typeEntity({ name: 'Atelier stoles', gender: 2 });
    await store({ type });
    const page = await browser.open('/admin', { viewport: PHONE });
    await logIn(page);
    await page.goto(`/view-size-finders?tid=${type.id}`);
    await page.getByRole('button', { name: 'add size finder' }).click();
    await page.getByRole('link', { name: 'steps of the size finder for women' }).waitFor();
    await page.getByLabel('new size finder for').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-list-phone');
    await page.getByRole('link', { name: 'steps of the size finder for women' }).click();
    await page.getByRole('link', { name: 'add a step' }).click();
    await page.getByRole('button', { name: 'add step' }).click();
    await page.getByRole('alert').filter({ hasText: 'please fill all the blanks' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-finders-edit-step-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });
});
