import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { SHOP_ZONE_NAME } from '#shared/time-words.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { linkInMail } from '../load/entrants.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api, freshClientAddress, until } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { waitForDemoPictures } from '../support/jobs.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { confirmMember } from './support/draw-entry.ts';

/**
 * The draws as a shopper meets them (issue 45): the storefront lists the draws open and to come
 * (from the world's menu and the membership page), the membership page says what members get,
 * the draw's page says "members only" before its form with the sign-up one tap away (from the
 * notice and from the refusal), its times in words with the shop's zone and a countdown, and its
 * words plain, the verifiers' terms folded under their details.
 */
const browser = startBrowser();
/** A phone's first screen, as the screenshots take it. */
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;

const type = typeEntity({ name: `Draw Salon ${uniqueId('s')}`, shippingPrices: { CA: 40, FR: 80 } });
const openPiece = productEntity(type, { name: 'Opaline Draw Gown', priceUs: 3100 });
const comingPiece = productEntity(type, { name: 'Vesper Draw Coat', priceUs: 2700 });
const draws = { open: '', coming: '' };
const windows = {
  open: { opensAt: '', closesAt: '' },
  coming: { opensAt: '', closesAt: '' },
};

beforeAll(async () => {
  pointAtLocalStack();
  await waitForDemoPictures();
  // A demo photograph (its set made) as each piece's first picture.
  const imgs = await api<{ imgs: { url: string }[] }>(`/get-imgs-by-pid?id=${DEMO.availableProduct}&type=1`);
  const url = imgs.body.imgs[0]?.url ?? '';
  expect(url).toMatch(/^s3\//);
  const image = (ownerId: string): ImageEntity => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId,
    type: 1,
    index: 1,
    url,
  });
  await store({
    type,
    products: [openPiece, comingPiece],
    images: [image(openPiece.id), image(comingPiece.id)],
  });
  const admin = await loggedInAdmin();
  const now = Date.now();
  windows.open = {
    opensAt: new Date(now).toISOString(),
    closesAt: new Date(now + 2 * HOUR + 10 * 60_000).toISOString(),
  };
  windows.coming = {
    opensAt: new Date(now + 26 * HOUR).toISOString(),
    closesAt: new Date(now + 28 * HOUR).toISOString(),
  };
  for (const [which, piece] of [
    ['open', openPiece],
    ['coming', comingPiece],
  ] as const) {
    const made = await adminApi<{ draws: { drawId: string; opensAt: string; closesAt: string }[] }>(
      admin,
      '/draws',
      { method: 'POST', json: { pid: piece.id, ...windows[which] } },
    );
    expect(made.status).toBe(200);
    const [draw] = made.body.draws;
    if (!draw) throw new Error(`no ${which} draw was made`);
    draws[which] = draw.drawId;
    windows[which] = { opensAt: draw.opensAt, closesAt: draw.closesAt };
  }
}, 600_000);

/** The page's text as a person sees it: a closed <details>'s content is not rendered, so not in it. */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (a closed <details> hides its content).
const seenText = (page: Page) => page.locator('main').innerText();

describe('the storefront’s release draws', () => {
  it('lists the draws open and to come, each with its picture, its window in words and its page', async () => {
    const listed = await api<{ draws: { drawId: string; picture?: string }[] }>('/draws/open');
    expect(listed.status).toBe(200);
    const ids = listed.body.draws.map((d) => d.drawId);
    expect(ids).toEqual(expect.arrayContaining([draws.open, draws.coming]));
    // Public: nothing of the entries, not even how many.
    expect(Object.keys(listed.body.draws.find((d) => d.drawId === draws.open) ?? {}).sort()).toEqual(
      ['closesAt', 'drawId', 'opensAt', 'pid', 'pieceName', 'picture'].sort(),
    );

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      // Reached from the world's menu.
      const page = await browser.open('/world', { viewport });
      await page.getByRole('link', { name: 'Release draws' }).click();
      await page.waitForURL('**/draws');
      await page.getByRole('heading', { name: 'Release draws', level: 1 }).waitFor();
      for (const [which, piece] of [
        ['open', openPiece],
        ['coming', comingPiece],
      ] as const) {
        const section = page.getByRole('region', { name: which === 'open' ? 'open now' : 'coming' });
        const card = section.getByRole('link', { name: new RegExp(piece.name) });
        await card.waitFor();
        expect(await card.getAttribute('href')).toBe(`/draw/${draws[which]}`);
        // The window in words (shared/time-words.ts), as this browser's time zone data has the zone.
        const { day, from, to } = await page.evaluate((w) => {
          const read = (at: string, o: Intl.DateTimeFormatOptions) =>
            new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Vancouver', ...o }).format(new Date(at));
          const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
          return {
            day: read(w.opensAt, { weekday: 'long', day: 'numeric', month: 'long' }).replace(',', ''),
            from: read(w.opensAt, time),
            to: read(w.closesAt, time),
          };
        }, windows[which]);
        const words = await card.textContent();
        expect(words).toContain(`${day}, ${from} – `);
        expect(words).toContain(`${to} ${SHOP_ZONE_NAME}`);
        await card.locator('img').first().waitFor();
      }
      expect(await page.getByRole('link', { name: 'become a member' }).first().getAttribute('href')).toBe(
        '/world/membership',
      );
      await expectAccessible(page);
      await screenshot(page, `after-draws-list-${name}`);
    }
  });

  it('says on the membership page what members get: every release’s mail, every draw’s invitation', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await browser.open('/world/membership', { viewport });
      await page.getByRole('heading', { name: 'What members get' }).waitFor();
      const text = await seenText(page);
      // The spec's words stay.
      expect(text).toContain('Members receive an email the moment a new release arrives.');
      expect(text).toContain('An email the moment each new release arrives');
      expect(text).toMatch(/An invitation to every release draw, the moment it opens/);
      expect(await page.getByRole('link', { name: 'release draw' }).getAttribute('href')).toBe('/draws');
      await expectAccessible(page);
      await screenshot(page, `after-membership-${name}`);
    }
  });

  it('says "members only" before the draw’s form, its times in words with the zone, and counts down', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await browser.open(`/draw/${draws.open}`, { viewport });
      await page.getByRole('heading', { name: openPiece.name }).waitFor();
      const notice = page.locator('.draw-members-only');
      expect(await notice.textContent()).toMatch(/^Members only\./);
      // Before the form's first field, with the sign-up one tap away.
      const before = await page.evaluate(() => {
        const said = document.querySelector('.draw-members-only');
        const field = document.querySelector('input[type="email"]');
        return Boolean(
          said && field && said.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      });
      expect(before).toBe(true);
      const join = notice.getByRole('link', { name: 'become a member' });
      expect(await join.getAttribute('href')).toBe('/world/membership');

      const text = await seenText(page);
      // Times in words, in the shop's zone, named; never a bare 12-hour time.
      expect(text).toContain(SHOP_ZONE_NAME);
      expect(text).not.toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/i);
      const timer = page.getByRole('timer');
      expect(await timer.getAttribute('aria-live')).toBe('off');
      expect(await timer.textContent()).toMatch(/^closes in 2 h (9|10) min$/);
      // Plain words: the verifiers' terms are not on the page a shopper reads.
      expect(text).not.toMatch(/beacon|salt|hash|commitment/i);
      await expectAccessible(page);
      await screenshot(page, `after-draw-page-open-${name}`);
      if (name === 'phone') {
        await join.click();
        await page.waitForURL('**/world/membership');
      }
    }
    // A draw to come counts down to its opening.
    const coming = await browser.open(`/draw/${draws.coming}`, { viewport: PHONE });
    await coming.getByRole('heading', { name: comingPiece.name }).waitFor();
    expect(await coming.getByRole('timer').textContent()).toMatch(/^opens in 1 day (1|2) h$/);
    expect(await coming.getByRole('heading', { name: 'enter the draw' }).count()).toBe(0);
  });

  it('counts down as time passes', async () => {
    const page = await browser.open(`/draw/${draws.open}`, { viewport: PHONE, clock: true });
    const timer = page.getByRole('timer');
    const first = (await timer.textContent()) ?? '';
    expect(first).toMatch(/^closes in 2 h (9|10) min$/);
    await page.clock.fastForward(31 * 60_000);
    await expect.poll(() => timer.textContent()).toMatch(/^closes in 1 h (38|39) min$/);
  });

  it('makes "become a member" in the refusal a link: a member no longer one is refused with it', async () => {
    const email = `${uniqueId('draw-lapsed')}@example.com`;
    await confirmMember(email);
    const page = await browser.open(`/draw/${draws.open}`, {
      viewport: PHONE,
      clientAddress: freshClientAddress(),
    });
    await page.getByLabel('your member e-mail').fill(email);
    await page.getByRole('button', { name: 'mail me the link' }).click();
    await page.getByRole('status').filter({ hasText: 'a link to enter is on its way' }).waitFor();
    let token = '';
    await until(async () => {
      token = (await mailTo(email)).flatMap((m) => linkInMail(m.body.text ?? '', draws.open) ?? [])[0] ?? '';
      return token !== '';
    }, `the entry link mailed to ${email}`);
    // Staff remove the member before the entry is made.
    const admin = await loggedInAdmin();
    expect((await adminApi(admin, '/member', { method: 'DELETE', json: { email } })).status).toBe(200);

    await page.goto(`/draw/${draws.open}/enter#${token}`);
    await page.getByText(`You enter as ${email}`).waitFor();
    const group = page.getByRole('group', { name: 'contact and delivery' });
    await group.getByLabel('full name').fill('Lapsed Member');
    await group.getByLabel('phone').fill('+1 416 555 0100');
    await group.getByLabel('country').selectOption('FR');
    await group.getByLabel('address line 1').fill('3 Rue Cambon');
    await group.getByLabel('city').fill('Paris');
    await group.getByLabel('postal code').fill('75001');
    await page.getByRole('button', { name: 'continue to the card' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: DRAW_MESSAGES.notMember });
    await refusal.waitFor();
    const join = refusal.getByRole('link', { name: 'become a member' });
    expect(await join.getAttribute('href')).toBe('/world/membership');
    await expectAccessible(page);
    await screenshot(page, 'after-draw-refusal-not-member-phone');
    await join.click();
    await page.waitForURL('**/world/membership');
  });
});
