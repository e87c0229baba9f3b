import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { create } from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { productKey } from '#catalog/entities/keys.ts';
import { parseCertificate } from '#shared/passport/certificate.ts';
import { PASSPORT_MESSAGES } from '#shared/passport/messages.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { freshClientAddress } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { storePrivatePhoto } from '../support/passport.ts';
import { buyWithCard } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, type OpenOptions, screenshot, startBrowser } from './support/browser.ts';
import { drawnQrModules, qrModules } from './support/qr.ts';

/**
 * The owner's passport on their portal page (issue 37, docs/passport.md): the card's code as a
 * QR with its /verify link, their owner key, a resale proof for a buyer, lost and found — and a
 * transfer refused while the piece is reported lost.
 */
const browser = startBrowser();
const open = (path: string, options: OpenOptions = {}) =>
  browser.open(path, { clientAddress: freshClientAddress(), ...options });

const type = typeEntity({ name: `Passport Atelier ${uniqueId('t')}` });
const cardNumber = () =>
  `67${Date.now().toString().slice(-9)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
const piece = productEntity(type, { name: 'Gilded Passport Jacket', cardNumber: cardNumber(), priceUs: 900 });
const photos: ImageEntity[] = [1, 2].map((view) => ({
  kind: 'image',
  id: uniqueId('img'),
  ownerId: piece.id,
  type: 2,
  index: view,
  url: `s3/authenticity/passport-portal-${piece.id}-${view}.jpg`,
}));
/** The piece's own authenticity photographs: a gold and a charcoal close-up, as an upload stores them. */
const photoBytes = (view: number) =>
  sharp({
    create: {
      width: 600,
      height: 800,
      channels: 3,
      background: view === 1 ? { r: 184, g: 151, b: 90 } : { r: 58, g: 54, b: 50 },
    },
  })
    .jpeg()
    .toBuffer();
const owner = `owner-${piece.id}@example.com`;
let password = '';
let card = '';

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [piece], images: photos });
  for (const [i, photo] of photos.entries())
    await storePrivatePhoto(photo.url.slice('s3/'.length), await photoBytes(i + 1));
  password = (await buyWithCard(piece, owner)).password;
  // The atelier issues the certificate whose code the steel card carries.
  const admin = await loggedInAdmin();
  const issued = await adminApi(admin, '/passport/certificates', { method: 'POST', json: { pid: piece.id } });
  if (issued.status !== 200) throw new Error(`issuing the certificate failed: ${issued.text}`);
  const key = productKey(piece.id);
  card = String((await getRaw(key.pk, key.sk))?.cardNumber);
}, 120_000);

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

async function ownersPage(options: OpenOptions = {}): Promise<Page> {
  const page = await open('/authenticity', options);
  await page.getByLabel('card number').fill(card);
  await page.getByLabel('password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'open my piece' }).click();
  await page.waitForURL('**/authenticity/showingcard');
  await page.getByRole('heading', { name: 'passport', level: 2 }).waitFor();
  return page;
}

/** The modules of the QR code named `name`, once drawn. */
const qrOf = (page: Page, name: string | RegExp) => drawnQrModules(page.getByRole('img', { name }));

/** "4 december 2026": `days` after today, UTC. */
const dayAfter = (days: number) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.now() + days * 86_400_000))
    .toLowerCase();

describe("the owner's passport", () => {
  it('shows the card code as a QR with its /verify link, and the owner key only when asked', async () => {
    const page = await ownersPage();
    const link = page.locator('.passport-code-text a.passport-link');
    const url = (await link.textContent()) ?? '';
    expect(url).toMatch(/\/verify#c1\./);
    expect(new URL(url).hash.length - 1).toBeLessThanOrEqual(300);
    expect(await link.getAttribute('href')).toBe(url);
    expect(await qrOf(page, /QR code of this piece's passport/)).toBe(await qrModules(url));
    // The card's QR stays small: version 10 or less.
    expect(create(url, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(10);
    expect(await page.locator('main').textContent()).toContain('This is the code on your steel card.');

    // The photographs its certificate names, each shown with the start of its SHA-256.
    const named = page.getByRole('region', { name: 'photographs in the certificate' });
    await named.scrollIntoViewIfNeeded();
    const figures = named.getByRole('listitem');
    expect(await figures.count()).toBe(2);
    const hashes = await named
      .locator('figcaption code')
      .evaluateAll((codes) => codes.map((code) => code.getAttribute('title')));
    // The hashes of the copies the shop publishes (functions/passport/adapters/photo-rendition.ts),
    // fetched by anyone from the paths the piece's public certificate names; not the originals'.
    const pieceAnswer = await page.request.get(`/api/passport/pieces/${piece.id}`);
    const namedPhotos = parseCertificate((await pieceAnswer.json()).certificate)?.payload.credentialSubject
      .photos;
    const expected = await Promise.all(
      (namedPhotos ?? []).map(async (photo) =>
        createHash('sha256')
          .update(await (await page.request.get(photo.path)).body())
          .digest('hex'),
      ),
    );
    expect(expected).toHaveLength(2);
    expect(hashes).toEqual(expected);
    for (const view of [1, 2])
      expect(hashes).not.toContain(
        createHash('sha256')
          .update(await photoBytes(view))
          .digest('hex'),
      );
    await expect
      .poll(() =>
        named
          .locator('img')
          .evaluateAll((images) =>
            images.every(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);

    // Copy link puts the link on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'link copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The owner key: hidden, then shown on request; never in the address.
    const show = page.getByRole('button', { name: 'show your owner key' });
    expect(await page.locator('.passport-secret').textContent()).toBe('hidden');
    await show.click();
    const salt = (await page.locator('.passport-secret code').textContent()) ?? '';
    expect(salt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.url()).not.toContain(salt);
    expect(await page.getByRole('button', { name: 'hide your owner key' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAccessible(page);
    await shot(page, 'passport-portal-phone');

    const desktop = await ownersPage({ viewport: DESKTOP });
    await qrOf(desktop, /QR code of this piece's passport/);
    await shot(desktop, 'passport-portal-desktop');
  });

  it("is what a buyer checks: the owner's link says Authentic with the piece's history, and still does with the network off", async () => {
    const owners = await ownersPage();
    const url = new URL((await owners.locator('.passport-code-text a.passport-link').textContent()) ?? '');
    // A buyer's own browser (not routed through the tests' client addresses, which would bypass
    // the emulated network's being off).
    const page = await browser.open(`${url.pathname}${url.hash}`);
    const verdict = page.locator('#verdict');
    await expect
      .poll(() => verdict.textContent())
      .toMatch(new RegExp(`^Authentic: piece 1 of 1 of collection ${type.name}, issued on `));
    await page.locator('#checks[aria-busy="false"]').waitFor({ state: 'attached' });
    const online = await page.locator('#checks li').allTextContents();
    expect(online[0]).toBe('The certificate matches the code: Gilded Passport Jacket — black, white.');
    expect(online).toContain('Photograph 1 of 2 matches its certificate.');
    expect(online).toContain('Sold by the shop.');
    await shot(page, 'passport-buyer-verify-phone');

    // Its worker keeps the page: with the browser's cache emptied and the network off, it still says so.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    browser.expectFailures({ status: 0, path: /^\/api\/passport\/pieces\// });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => verdict.textContent()).toMatch(/^Authentic: piece 1 of 1 of collection /);
    await page.locator('#checks[aria-busy="false"]').waitFor({ state: 'attached' });
    expect((await page.locator('#checks li').allTextContents())[0]).toMatch(/^Offline: /);
    await shot(page, 'passport-buyer-verify-offline-phone');
  });

  it('makes a resale proof of 7 days (the server refuses 31), lists it valid; lost stops a transfer until found', {
    timeout: 90_000,
  }, async () => {
    const page = await ownersPage();
    const days = page.getByLabel('days the proof lasts');
    expect(await days.getAttribute('min')).toBe('1');
    expect(await days.getAttribute('max')).toBe('30');
    await days.fill('31');
    await page.getByRole('button', { name: 'make a resale proof' }).click();
    await page.getByRole('alert').filter({ hasText: 'days must be a whole number from 1 to 30' }).waitFor();

    await days.fill('7');
    await page.getByRole('button', { name: 'make a resale proof' }).click();
    const ready = page.locator('.passport-new-proof');
    await ready.getByText(`valid until ${dayAfter(7)} (00:00 UTC)`).waitFor();
    const proofUrl = (await ready.locator('a.passport-link').textContent()) ?? '';
    expect(proofUrl).toMatch(/\/verify#p1\./);
    expect(await qrOf(page, 'QR code of the resale proof')).toBe(await qrModules(proofUrl));
    const listed = page
      .getByRole('list', { name: 'your resale proofs' })
      .getByRole('listitem')
      .filter({
        has: page.locator(`a[href="${proofUrl}"]`),
      });
    await listed.waitFor();
    expect(await listed.locator('.passport-state').textContent()).toBe('valid');
    await expectAccessible(page);
    await shot(page, 'passport-proof-phone');

    // Reported lost, after a confirm step.
    await page.getByRole('button', { name: 'report lost or stolen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'report this piece lost or stolen?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('cancel');
    await expectAccessible(page);
    await shot(page, 'passport-lost-confirm-phone');
    await dialog.getByRole('button', { name: 'report lost or stolen' }).click();
    await page.getByText('this piece is reported lost or stolen.').waitFor();
    await page.getByRole('button', { name: 'mark found' }).waitFor();
    await shot(page, 'passport-lost-phone');

    // A transfer while it stands is refused with the server's words.
    await page.getByRole('link', { name: 'transfer ownership' }).click();
    await page.waitForURL('**/authenticity/transfer');
    await page.getByLabel("new owner's email").fill(`${uniqueId('buyer')}@example.com`);
    await page.getByLabel('your current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'transfer ownership' }).click();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/transfer-auth'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'transfer', exact: true }).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toBe(PASSPORT_MESSAGES.transferWhileLost);
    await page.getByRole('alert').filter({ hasText: PASSPORT_MESSAGES.transferWhileLost }).waitFor();
    expect(page.url()).toContain('/authenticity/transfer');
    await expectAccessible(page);
    await shot(page, 'passport-transfer-refused-phone');

    // Found again: the page says so.
    await page.goto('/authenticity/showingcard');
    await page.getByRole('button', { name: 'mark found' }).click();
    const found = page.getByRole('alertdialog', { name: 'mark this piece found?' });
    await found.getByRole('button', { name: 'mark found' }).click();
    await page.getByText('this piece is not reported lost or stolen.').waitFor();
    await page.getByRole('button', { name: 'report lost or stolen' }).waitFor();
    // Still listed, still valid.
    expect(
      await page.getByRole('list', { name: 'your resale proofs' }).locator(`a[href="${proofUrl}"]`).count(),
    ).toBe(1);
  });
});
