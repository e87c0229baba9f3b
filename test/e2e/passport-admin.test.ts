import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';
import { drawnQrModules, qrModules } from './support/qr.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * Staff's passport (issue 37, docs/passport.md): a piece's certificate issued from its page with
 * its code, QR and log entry; the log page; the signing key's rotation.
 */
const browser = startBrowser();
const type = typeEntity({ name: `Passport admin ${uniqueId('t')}` });
const piece = productEntity(type, { name: `Certified piece ${uniqueId('p')}` });
const failing = productEntity(type, { name: `Unsigned piece ${uniqueId('p')}` });
const photos: ImageEntity[] = [1, 2, 3].map((view) => ({
  kind: 'image',
  id: uniqueId('img'),
  ownerId: piece.id,
  type: 2,
  index: view,
  url: `s3/authenticity/p-aurora-08-${(view % 2) + 1}.jpg`,
}));

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [piece, failing], images: photos });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

const panel = (page: Page) => page.getByRole('region', { name: 'passport' });

/** The fact named `name` in the passport panel. */
const fact = (page: Page, name: string) =>
  panel(page)
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: name }) })
    .locator('dd');

describe("a piece's passport in the admin", () => {
  it('issues the certificate from the piece page: its code, QR, verify link and log entry; then re-issues', {
    timeout: 60_000,
  }, async () => {
    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      defaultTimeout: 15_000,
      path: `/viewdetails/${encodeURIComponent(piece.id)}`,
    });
    await panel(page).getByText('no certificate yet').waitFor();
    const issued = page.waitForResponse(
      (r) => r.url().endsWith('/api/passport/certificates') && r.request().method() === 'POST',
    );
    await panel(page).getByRole('button', { name: 'issue the certificate' }).click();
    expect((await issued).status()).toBe(200);

    const code = (await fact(page, 'code').textContent()) ?? '';
    expect(code).toMatch(/^c1\./);
    expect(code.length).toBeLessThanOrEqual(300);
    expect(code).toContain(encodeURIComponent(piece.id));
    expect(await fact(page, 'authenticity photos').textContent()).toBe('3');
    const kid = (await fact(page, 'key id').textContent()) ?? '';
    expect(kid).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(code.endsWith(`.${kid}.${code.split('.').pop()}`)).toBe(true);
    const verify = await panel(page).getByRole('link', { name: 'open its verify page' }).getAttribute('href');
    expect(verify).toMatch(new RegExp(`/verify#${code.replaceAll('.', '\\.')}$`));
    const qr = panel(page).getByRole('img', { name: /QR code of the passport/ });
    expect(await drawnQrModules(qr)).toBe(await qrModules(new URL(verify ?? '', page.url()).href));

    // The issue is in the piece's log once sequenced.
    await panel(page)
      .getByRole('row')
      .filter({ hasText: 'certificate issued' })
      .first()
      .waitFor({ timeout: 20_000 });
    await expectAccessible(page);
    await shot(page, 'passport-admin-piece-desktop');

    // A re-issue: a new certificate, a second issue entry.
    await panel(page).getByRole('button', { name: 're-issue the certificate' }).click();
    await expect.poll(() => fact(page, 'certificates issued').textContent()).toBe('2');
    await expect
      .poll(() => panel(page).getByRole('row').filter({ hasText: 'certificate issued' }).count(), {
        timeout: 20_000,
      })
      .toBe(2);

    await page.setViewportSize(PHONE);
    await shot(page, 'passport-admin-piece-phone');
  });

  it("shows the signer's refusal (503) with the server's words", async () => {
    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      path: `/viewdetails/${encodeURIComponent(failing.id)}`,
      expectFailures: [{ status: 503, path: '/api/passport/certificates' }],
    });
    const message = 'the passport signer is not answering. please try again.';
    // The signer cannot be stopped from the browser: its answer is played to the page.
    await page.route('**/api/passport/certificates', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message }) })
        : route.fallback(),
    );
    await panel(page).getByRole('button', { name: 'issue the certificate' }).click();
    await panel(page).getByRole('alert').filter({ hasText: message }).waitFor();
    await panel(page).getByText('no certificate yet').waitFor();
  });

  it('shows the whole log newest first with its latest checkpoint', async () => {
    const page = await openAsStaff(browser, { viewport: DESKTOP, defaultTimeout: 15_000 });
    await page.getByRole('link', { name: 'passport', exact: true }).click();
    await page.waitForURL('**/view-passport');
    await page.getByRole('heading', { name: 'passport', level: 1 }).waitFor();
    const log = page.getByRole('region', { name: 'the public log' });
    await log.locator('.adm-passport-checkpoint').waitFor();
    expect(await log.locator('.adm-passport-checkpoint').textContent()).toMatch(/\/passport\/log\n\d+\n/);
    const entries = page.getByRole('region', { name: 'entries, newest first' });
    await entries.locator('tbody tr').first().waitFor();
    const seqs = (await entries.locator('tbody tr td:first-child').allTextContents()).map(Number);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    await expectAccessible(page);
    await shot(page, 'passport-admin-log-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'passport-admin-log-phone');
  });

  it('rotates the signing key after a confirm step and shows the new key set', {
    timeout: 60_000,
  }, async () => {
    const page = await openAsStaff(browser, { viewport: DESKTOP, defaultTimeout: 15_000 });
    await page.getByRole('link', { name: 'passport', exact: true }).click();
    await page.waitForURL('**/view-passport');
    const keys = page.getByRole('region', { name: 'signing keys' });
    const signing = keys.getByRole('row').filter({ hasText: 'signing now' });
    await signing.waitFor();
    const before = (await signing.locator('code').textContent()) ?? '';

    await keys.getByRole('button', { name: 'rotate the signing key' }).click();
    const confirm = keys.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(
      'the current key stops signing today; what it signed keeps verifying',
    );
    await expectAccessible(page);
    await shot(page, 'passport-admin-rotate-confirm-desktop');
    await confirm.getByRole('button', { name: 'yes, rotate the signing key' }).click();
    await keys.getByText('the key is rotated: a new key signs from today.').waitFor();
    await expect.poll(async () => (await signing.locator('code').textContent()) ?? '').not.toBe(before);
    const old = keys.getByRole('row').filter({ hasText: before });
    expect(await old.count()).toBe(1);
    expect(await old.textContent()).not.toContain('signing now');
    await expectAccessible(page);
    await shot(page, 'passport-admin-rotated-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'passport-admin-rotated-phone');
  });
});
