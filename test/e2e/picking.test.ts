import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STEP_TYPE } from '#shared/constants.ts';
import { mediaSrc } from '#shared/media.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { OptionEntity, SizeFinderEntity, StepEntity } from '#size-finder/index.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { itemsWithPrefix } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

const browser = startBrowser();

const gown = { type: DEMO.womenSized, gender: '0', areaAmount: '2' };
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** Every dialog message the page raises (window.alert), accepted as they come. */
function dialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

describe('size picker', () => {
  it('lists the collection sizes, with no empty rows under them, and a Find your size link', async () => {
    const page = await browser.open(`/products/sizepicker?${query(gown)}`);
    await page.getByRole('heading', { name: 'Pick Size' }).waitFor();
    await page.locator('.picking-sizes a').first().waitFor();
    const sizes = await page.locator('.picking-sizes a .picking-size-name').allTextContents();
    expect(sizes).toEqual(['XS', 'S', 'M', 'L']);
    // One row per size: no empty bordered rows pad the list (issue 45).
    expect(await page.locator('.picking-sizes > li').count()).toBe(sizes.length);
    const find = page.getByRole('link', { name: 'Find your size' });
    expect(await find.getAttribute('href')).toContain('/products/productsizeguide');
    await expectAccessible(page);
    await screenshot(page, 'picking-sizepicker-phone');
    const desktop = await browser.open(`/products/sizepicker?${query(gown)}`, { viewport: DESKTOP });
    await desktop.locator('.picking-sizes a').first().waitFor();
    expect(await desktop.locator('.picking-sizes > li').count()).toBe(sizes.length);
    await expectAccessible(desktop);
    await screenshot(desktop, 'picking-sizepicker-desktop');
  });

  it('says "sorry, no product" when the collection has no sizes', async () => {
    const page = await browser.open('/home');
    const seen = dialogs(page);
    await page.goto(
      `/products/sizepicker?${query({ type: DEMO.womenUnsized, gender: '0', areaAmount: '1' })}`,
    );
    await page.getByRole('alert').filter({ hasText: MESSAGES.noProduct }).waitFor();
    expect(seen).toEqual([MESSAGES.noProduct]);
  });

  it('sends a page without its inputs to /', async () => {
    const page = await browser.open('/products/sizepicker');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  });
});

describe('colour picker', () => {
  it('goes from a size through "Pick Color (1 of 2)" and "(2 of 2)" to the product page', async () => {
    const page = await browser.open(`/products/sizepicker?${query(gown)}`);
    await page.getByRole('link', { name: /^M\b/ }).click();
    await page.waitForURL('**/products/shopproduct?**');
    expect(new URL(page.url()).searchParams.get('size')).toBe('M');
    // The areas are named as the collection names them (the gown: bodice, skirt), never "area 1".
    await page.getByRole('heading', { name: 'Pick Color (1 of 2) bodice' }).waitFor();
    const progress = page.getByRole('list', { name: 'colours chosen' });
    await expect.poll(() => progress.getByRole('listitem').allTextContents()).toEqual(['bodice', 'skirt']);
    const first = page.locator('.picking-swatch:not(:disabled)').first();
    await first.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'picking-colors-phone');
    const color = (await first.locator('.picking-swatch-name').textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { name: 'Pick Color (2 of 2) skirt' }).waitFor();
    expect(await progress.getByRole('listitem').allTextContents()).toEqual([`bodice: ${color}`, 'skirt']);
    expect(await page.getByText(/\barea \d/i).count()).toBe(0);
    // Back to the first area, then forward again.
    await page.getByRole('button', { name: /previous colour area/ }).click();
    await page.getByRole('heading', { name: 'Pick Color (1 of 2)' }).waitFor();
    await page.locator('.picking-swatch:not(:disabled)').first().click();
    await page.getByRole('heading', { name: 'Pick Color (2 of 2)' }).waitFor();
    await page.locator('.picking-swatch:not(:disabled)').first().click();
    await page.waitForURL('**/products/productdetails?**');
    const address = new URL(page.url()).searchParams;
    expect(address.get('productId')).toMatch(/^p-aurora-/);
    expect(address.get('type')).toBe(DEMO.womenSized);
    expect(address.get('size')).toBe('M');
  });

  it('strikes through a sold-out colour and does not let it be chosen', async () => {
    const path = DEMO.soldOutColorPath;
    const page = await browser.open(
      `/products/shopproduct?${query({ type: path.typeId, gender: String(path.gender), areaAmount: '2', size: path.size })}`,
    );
    await page.getByRole('heading', { name: 'Pick Color (1 of 2)' }).waitFor();
    // The struck-through swatch says why, in its accessible name, its tooltip and in words on the page.
    const why = `sold: no piece left in ${path.colors[0]} in size ${path.size} for the colours chosen so far`;
    const sold = page.getByRole('button', { name: `${path.colors[0]}, ${why}`, exact: true });
    await sold.waitFor();
    expect(await sold.isDisabled()).toBe(true);
    expect(await sold.getAttribute('title')).toBe(why);
    expect(await sold.locator('s').textContent()).toBe(path.colors[0]);
    expect(await sold.locator('.picking-swatch-why').textContent()).toBe('sold');
    const note = page.getByText(/A struck-through colour is sold/);
    expect(await note.textContent()).toContain(`in size ${path.size}`);
    expect(await page.getByRole('group').getAttribute('aria-describedby')).toBe(
      await note.getAttribute('id'),
    );
    const available = await page.locator('.picking-swatch:not(:disabled)').allTextContents();
    expect(available).not.toContain(path.colors[0]);
    await expectAccessible(page);
    const desktop = await browser.open(page.url().replace(/^https?:\/\/[^/]+/, ''), { viewport: DESKTOP });
    await desktop.locator('.picking-swatch').first().waitFor();
    await expectAccessible(desktop);
    await screenshot(desktop, 'picking-colors-desktop');
  });
});

describe('material', () => {
  it('shows the collection text under its heading', async () => {
    const page = await browser.open(
      `/products/material?${query({ tid: DEMO.womenSized, title: 'material' })}`,
    );
    await page.getByRole('heading', { name: 'Material' }).waitFor();
    await page.getByText(/Silk duchess satin bodice/).waitFor();
    await page.getByRole('button', { name: /back/ }).waitFor();
  });

  it('shows the fixed changeCountry text', async () => {
    const page = await browser.open(
      `/products/material?${query({ tid: DEMO.womenSized, title: 'changeCountry' })}`,
    );
    await page.getByText('The country cannot be changed.').waitFor();
    await page.getByText(/displayed and billed only in USD/).waitFor();
    // The deployment's support address, from the shop settings written into the page.
    const support = LOCAL_SHOP_SETTINGS.supportEmail;
    expect(await page.getByRole('link', { name: support }).getAttribute('href')).toBe(`mailto:${support}`);
  });
});

describe('size finder and size guide', () => {
  const guidePage = `/products/productsizeguide?${query({ type: DEMO.womenSized, gender: '0' })}`;

  it('offers the four entries', async () => {
    const page = await browser.open(guidePage);
    await page.getByRole('button', { name: 'size finder' }).waitFor();
    await page.getByRole('button', { name: 'size guide' }).waitFor();
    expect(await page.getByRole('link', { name: 'How to measure' }).getAttribute('href')).toBe(
      '/products/measure',
    );
    expect(await page.getByRole('link', { name: 'questions? contact us' }).getAttribute('href')).toBe(
      '/products/questions',
    );
  });

  it('goes through every step type to the thank-you and stores the answers, skip as "skip"', async () => {
    const page = await browser.open(guidePage);
    const seen = dialogs(page);
    await page.getByRole('button', { name: 'size finder' }).click();
    const sheet = page.getByRole('dialog', { name: 'size finder' });
    await sheet.getByRole('button', { name: 'begin' }).click();
    const cont = sheet.getByRole('button', { name: 'continue' });

    // 1 single choice: skipped.
    await sheet.getByText('question 1 of 6').waitFor();
    await sheet.getByRole('button', { name: 'Softly fitted' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'picking-finder-step-phone');
    await sheet.getByRole('button', { name: 'skip' }).click();

    // 2 measurement with picture and video, value + unit.
    await sheet.getByText('question 2 of 6').waitFor();
    expect(await sheet.locator('video').getAttribute('src')).toMatch(/^\/media\//);
    await sheet.getByRole('textbox', { name: 'your bust', exact: true }).fill('34.5');
    await sheet.getByRole('button', { name: 'cm' }).click();
    await cont.click();

    // 3 image carousel, one choice.
    await sheet.getByText('question 3 of 6').waitFor();
    await sheet.locator('.picking-card img').first().waitFor();
    await screenshot(page, 'picking-finder-carousel-phone');
    await sheet.getByRole('button', { name: 'Sweetheart' }).click();
    await cont.click();

    // 5 feet/inches or cm: the Metric/Imperial toggle resets the values.
    await sheet.getByText('question 4 of 6').waitFor();
    await sheet.getByRole('textbox', { name: 'feet', exact: true }).fill('5');
    await sheet.getByRole('textbox', { name: 'inches', exact: true }).fill('7');
    await sheet.getByRole('button', { name: 'Metric' }).click();
    expect(await sheet.getByRole('textbox', { name: 'centimetres', exact: true }).inputValue()).toBe('');
    await sheet.getByRole('textbox', { name: 'centimetres', exact: true }).fill('171');
    await sheet.getByRole('button', { name: 'Imperial' }).click();
    expect(await sheet.getByRole('textbox', { name: 'feet', exact: true }).inputValue()).toBe('');
    expect(await sheet.getByRole('textbox', { name: 'inches', exact: true }).inputValue()).toBe('');
    await sheet.getByRole('textbox', { name: 'feet', exact: true }).fill('5');
    await sheet.getByRole('textbox', { name: 'inches', exact: true }).fill('7');
    await cont.click();

    // 6 image carousel, several choices.
    await sheet.getByText('question 5 of 6').waitFor();
    await sheet.getByRole('button', { name: '2 cm' }).click();
    await sheet.getByRole('button', { name: '5 cm' }).click();
    await cont.click();

    // 4 email: empty is refused with an alert; Skip is hidden.
    await sheet.getByText('question 6 of 6').waitFor();
    expect(await sheet.getByRole('button', { name: 'skip' }).count()).toBe(0);
    await cont.click();
    await sheet.getByRole('alert').filter({ hasText: MESSAGES.insertEmail }).waitFor();
    expect(seen).toEqual([MESSAGES.insertEmail]);
    // A mistyped address: the server's 400 in the spec's words, under the field, not an outage.
    browser.expectFailures({ status: 400, path: '/api/answers' });
    const box = sheet.getByRole('textbox', { name: 'your email address', exact: true });
    await box.fill('ana@atelier');
    await cont.click();
    const refused = sheet.locator('.picking-field').getByRole('alert');
    await refused.filter({ hasText: MESSAGES.invalidEmail }).waitFor();
    expect(await refused.textContent()).toBe(MESSAGES.invalidEmail);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toBe(await refused.getAttribute('id'));
    expect(await sheet.getByText(MESSAGES.answersTryLater).count()).toBe(0);
    await sheet.getByText('question 6 of 6').waitFor();
    await screenshot(page, 'picking-finder-bad-email-phone');
    const email = `finder-${Date.now()}@example.com`;
    await box.fill(email);
    await refused.waitFor({ state: 'detached' });
    await cont.click();
    await sheet.getByRole('heading', { name: 'Thank you' }).waitFor();
    await screenshot(page, 'picking-finder-thanks-phone');
    await sheet.getByText(/size results within 7 business days/).waitFor();

    const stored = (await itemsWithPrefix('ANSWER#')).find((item) => item.email === email);
    expect(stored?.typeId).toBe(DEMO.womenSized);
    expect(stored?.result).toEqual({
      '1': { shortName: 'fit', val: 'skip' },
      '2': { shortName: 'bust', val: '34.5 cm' },
      '3': { shortName: 'neckline', val: 'Sweetheart' },
      '4': { shortName: 'height', val: '5 ft 7 in' },
      '5': { shortName: 'heel', val: '2 cm, 5 cm' },
      '6': { shortName: 'email', val: email },
    });
  });

  it('promises no reply when the finder has no email step, and says what happens instead', async () => {
    const type = typeEntity({ name: 'Quiet finder capes', gender: 0 });
    const finder: SizeFinderEntity = {
      kind: 'sizeFinder',
      id: uniqueId('f'),
      typeId: type.id,
      gender: 0,
      numberOfSteps: 1,
    };
    const step: StepEntity = {
      kind: 'step',
      id: uniqueId('st'),
      sizeFinderId: finder.id,
      index: 1,
      type: STEP_TYPE.singleChoice,
      shortName: 'fit',
      description: 'How do you like a cape to fall?',
    };
    const option: OptionEntity = {
      kind: 'option',
      id: uniqueId('op'),
      stepsId: step.id,
      sizeFinderId: finder.id,
      index: 1,
      content: 'Loosely',
    };
    await store({ type, finder: { finder, steps: [step], options: [option] } });
    const page = await browser.open(`/products/productsizeguide?${query({ type: type.id, gender: '0' })}`);
    await page.getByRole('button', { name: 'size finder' }).click();
    const sheet = page.getByRole('dialog', { name: 'size finder' });
    await sheet.getByText(/does not ask for your email, so no size is sent back to you/).waitFor();
    expect(await sheet.getByText(/business days/).count()).toBe(0);
    await screenshot(page, 'picking-finder-no-email-intro-phone');
    await sheet.getByRole('button', { name: 'begin' }).click();
    await sheet.getByRole('button', { name: 'Loosely' }).click();
    await sheet.getByRole('button', { name: 'continue' }).click();
    await sheet.getByRole('heading', { name: 'Thank you' }).waitFor();
    await sheet.getByText(/no size results will be sent to you/).waitFor();
    expect(await sheet.getByText(/within 7 business days/).count()).toBe(0);
    expect(
      await sheet.getByRole('link', { name: LOCAL_SHOP_SETTINGS.supportEmail }).getAttribute('href'),
    ).toBe(`mailto:${LOCAL_SHOP_SETTINGS.supportEmail}`);
    await expectAccessible(page);
    await screenshot(page, 'picking-finder-no-email-thanks-phone');
    const stored = (await itemsWithPrefix('ANSWER#')).find((item) => item.typeId === type.id);
    expect(stored?.email).toBe('skip');
  });

  it('shows the size guide, and the unit switch changes the figures', async () => {
    const page = await browser.open(guidePage, { viewport: DESKTOP });
    await page.getByRole('button', { name: 'size guide' }).click();
    const sheet = page.getByRole('dialog', { name: 'size guide' });
    await sheet.getByRole('button', { name: 'M', exact: true }).click();
    const figures = sheet.getByTestId('guide-figure');
    await figures.first().waitFor();
    const inches = await figures.allTextContents();
    expect(inches[0]).toMatch(/^[\d.]+ – [\d.]+ in$/);
    expect(inches).toContainEqual(expect.stringMatching(/^less than [\d.]+ in$/));
    expect(inches).toContainEqual(expect.stringMatching(/^more than [\d.]+ in$/));
    await sheet.getByRole('button', { name: 'cm', exact: true }).click();
    await sheet.getByText('86 – 90 cm').waitFor();
    const cm = await figures.allTextContents();
    expect(cm).not.toEqual(inches);
    expect(cm[0]).toBe('86 – 90 cm');
    await screenshot(page, 'picking-guide-desktop');
    await expectAccessible(page);

    const phone = await browser.open(guidePage);
    await phone.getByRole('button', { name: 'size guide' }).click();
    await phone
      .getByRole('dialog', { name: 'size guide' })
      .getByRole('button', { name: 'M', exact: true })
      .click();
    await phone.getByTestId('guide-figure').first().waitFor();
    await screenshot(phone, 'picking-guide-phone');

    const finder = await browser.open(guidePage, { viewport: DESKTOP });
    await finder.getByRole('button', { name: 'size finder' }).click();
    const fs = finder.getByRole('dialog', { name: 'size finder' });
    await fs.getByRole('button', { name: 'begin' }).click();
    await fs.getByRole('button', { name: 'skip' }).click();
    await fs.getByText('question 2 of 6').waitFor();
    await screenshot(finder, 'picking-finder-step-desktop');
  });
});

describe('videos', () => {
  it('plays the collection video with a link back home', async () => {
    const page = await browser.open(`/collection-video/${DEMO.womenSized}?gender=0`);
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toMatch(/^\/media\//);
    expect(await page.getByRole('link', { name: /back/ }).getAttribute('href')).toBe('/home');
  });

  it('/care/{id} plays the piece’s own film, its care film (000 §2)', async () => {
    const page = await browser.open(`/care/${DEMO.availableProduct}`);
    const answer = await page.request.get(`/api/get-vid-by-pid?id=${DEMO.availableProduct}`);
    const { vids } = (await answer.json()) as { vids: { url: string }[] };
    expect(vids.length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Product Care', level: 1 }).waitFor();
    const video = page.locator('main video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe(mediaSrc(vids[0]?.url as string));
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await screenshot(page, 'picking-care-film-phone');
    // A piece without films says so instead of showing a broken player.
    const none = await browser.open(`/care/${DEMO.soldSingleProduct}`);
    await none.getByRole('heading', { name: 'Product Care', level: 1 }).waitFor();
    await none.getByText('There is no film for this piece yet.').waitFor();
    expect(await none.locator('main video').count()).toBe(0);
  });

  it('plays a product video by pid', async () => {
    const page = await browser.open(`/products/videoofproduct?pid=${DEMO.availableProduct}`);
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toMatch(/^\/media\//);
  });
});
