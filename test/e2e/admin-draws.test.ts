import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageEntity } from '#catalog/entities/image.ts';
import { type OrderEntity, orderKeys } from '#checkout/entities/order.ts';
import type { DrawEntity } from '#draws/entities/draw.ts';
import type { EntryEntity } from '#draws/entities/entry.ts';
import { allDrawsIndex, drawKey, entryKey, refusalsKey } from '#draws/entities/keys.ts';
import { commitment, newDrawId, newSalt } from '#shared/draw/commitment.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { putItems } from '../support/db.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * The draws' admin screens (issue 45): a new draw's piece is picked by picture, name and
 * collection, its window typed in Vancouver time on a computer elsewhere; a settled draw shows its
 * refusals in words, its winner's name and a link to the order to ship (the winning line kept
 * for checking); the orders list's cards keep their labels apart on a phone.
 */
const browser = startBrowser();
const PHONE_390 = { width: 390, height: 844 };
const type = typeEntity({ name: `Admin Draws ${uniqueId('c')}` });
const piece = productEntity(type, {
  name: 'Opaline Draw Coat',
  status: 0,
  cardNumber: `65${Date.now().toString().slice(-9)}00001`,
});
const offered = productEntity(type, {
  name: 'Nacre Picker Stole',
  status: 1,
  cardNumber: `65${Date.now().toString().slice(-9)}00002`,
});
const drawId = newDrawId();
let order: OrderEntity;

beforeAll(async () => {
  pointAtLocalStack();
  await store({
    type,
    products: [piece, offered],
    images: [
      imageEntity({
        id: uniqueId('img'),
        ownerId: offered.id,
        type: 1,
        index: 0,
        url: 's3/collection_images/pieces/t-aurora-front.jpg',
      }),
    ],
  });
  order = { ...orderEntity(piece, Date.now() - 3_600_000), status: 'paid', paidAt: new Date().toISOString() };
  order.contact = { ...order.contact, name: 'Maud Winner' };
  const createdAt = new Date(Date.now() - 7_200_000).toISOString();
  const salts = [newSalt(), newSalt()];
  const lines = await Promise.all(salts.map((salt) => commitment(drawId, salt)));
  const entries: EntryEntity[] = salts.map((salt, i) => ({
    kind: 'drawEntry',
    drawId,
    entryId: `e-${uniqueId('entry')
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(22, 'x')
      .slice(0, 22)}`,
    email: `${uniqueId(`entrant${i}`)}@example.com`,
    addressDigest: String(i).repeat(64),
    salt,
    commitment: lines[i] as string,
    state: 'entered',
    createdAt,
    order: { form: { name: i === 0 ? 'Maud Winner' : 'Reserve Person' }, amountCents: 1000, currency: 'USD' },
    outcome: i === 0 ? 'won' : 'lost',
    paymentSettled: i === 0 ? 'captured' : 'cancelled',
    mailedAt: createdAt,
  }));
  const draw: DrawEntity = {
    kind: 'draw',
    drawId,
    pid: piece.id,
    opensAt: createdAt,
    closesAt: new Date(Date.now() - 3_600_000).toISOString(),
    state: 'settled',
    createdAt,
    createdBy: 'staff',
    round: 1000,
    chainHash: 'a'.repeat(64),
    listHash: 'b'.repeat(64),
    roundDrawn: 1000,
    seed: 'c'.repeat(64),
    winner: entries[0]?.commitment,
    drawnAt: createdAt,
    soldTo: entries[0]?.entryId,
    checkoutCode: order.checkoutCode,
    settledAt: createdAt,
  };
  await putItems([
    { ...drawKey(drawId), ...allDrawsIndex(createdAt, drawId), ...draw },
    ...entries.map((e) => ({ ...entryKey(drawId, e.entryId), ...e })),
    { ...refusalsKey(drawId), kind: 'drawRefusals', 'not-a-member': 2, 'duplicate-address': 1 },
    { ...orderKeys(order), ...order },
  ]);
});

describe('a new draw, made by staff', () => {
  it('takes its piece from the picker and its window in Vancouver time, on a computer in Tokyo', async () => {
    // Other tests' pieces for sale carry made-up picture addresses; this piece's picture loads.
    const othersPictures = { status: 404, path: /^\/media\/(?!collection_images\/pieces\/t-aurora-front)/ };
    const page = await openAsStaff(browser, {
      path: '/view-draws',
      viewport: DESKTOP,
      timezoneId: 'Asia/Tokyo',
      expectFailures: [othersPictures],
    });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    await page.getByRole('heading', { name: 'release by draw' }).waitFor();
    // No piece id to type: the pieces for sale, by name and collection; a sold one is not offered.
    expect(await page.getByLabel('piece id').count()).toBe(0);
    await page.getByLabel('find a piece by name or collection').fill('nacre picker');
    const choice = page.getByRole('radio', { name: offered.name });
    await choice.waitFor();
    expect(await page.getByRole('radio').count()).toBe(1);
    const picture = page.locator('.adm-draw-piece img');
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.getByLabel('find a piece by name or collection').fill(type.name);
    await page.getByRole('radio', { name: offered.name }).waitFor();
    expect(await page.getByRole('radio', { name: piece.name }).count()).toBe(0);
    await screenshot(page, 'admin-draw-picker-desktop');
    await choice.check();
    const close = page.getByLabel('entries close (Vancouver time)');
    expect(await close.getAttribute('type')).toBe('datetime-local');
    await page.getByText('Pacific time (Vancouver)').first().waitFor();
    await close.fill('2099-07-01T12:00');
    await page.getByRole('button', { name: 'create the draw' }).click();
    await page.getByRole('status').filter({ hasText: '1 draw created.' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: offered.id });
    await row.getByText('2099-07-01, 12:00:00 PDT').waitFor();
    const made = (
      await adminApi<{ draws: { draw: { pid: string; closesAt: string } }[] }>(
        await loggedInAdmin(),
        '/draws',
      )
    ).body.draws.find((d) => d.draw.pid === offered.id);
    // Noon in Vancouver (PDT, UTC−7), not noon in Tokyo.
    expect(made?.draw.closesAt).toBe('2099-07-01T19:00:00.000Z');
    await expectAccessible(page);

    const phone = await openAsStaff(browser, {
      path: '/view-draws',
      viewport: PHONE_390,
      expectFailures: [othersPictures],
    });
    await phone.getByLabel('find a piece by name or collection').fill(type.name);
    await phone.getByText('no piece for sale matches.').waitFor();
    await phone.getByLabel('find a piece by name or collection').fill('');
    await phone.getByRole('radio').first().waitFor();
    await screenshot(phone, 'admin-draw-picker-phone');
  });

  it('is still refused by the server for a piece that cannot be offered', async () => {
    const admin = await loggedInAdmin();
    const refused = await adminApi(admin, '/draws', {
      method: 'POST',
      json: { pid: piece.id, opensAt: new Date().toISOString(), closesAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(refused.status).toBe(409);
  });
});

/**
 * Turns the orders list's pages (newest first) to the one with `name`'s order: the suites that
 * run beside this one add orders after it.
 */
async function ordersPageWith(page: Page, name: string): Promise<void> {
  const pager = page.getByRole('navigation', { name: 'pages' });
  for (let turned = 1; ; turned++) {
    await pager.getByText(`page ${turned} of `).waitFor();
    if ((await page.getByText(name).count()) > 0) return;
    const next = pager.getByRole('button', { name: 'next' });
    if (await next.isDisabled()) throw new Error(`no order of ${name} on the ${turned} pages of /orders`);
    await next.click();
  }
}

describe('a settled draw, as staff see it', () => {
  it('names its refusals in words, its winner and the order to ship, the line kept for checking', async () => {
    const page = await openAsStaff(browser, { path: `/view-draw/${drawId}`, viewport: DESKTOP });
    await page.getByText('settled', { exact: true }).waitFor();
    const main = page.locator('main');
    expect(await main.textContent()).toContain('not a member 2, shipping address already entered 1');
    expect(await main.textContent()).not.toContain('not-a-member');
    await page.getByRole('definition').filter({ hasText: 'Maud Winner' }).waitFor();
    const line = page.locator('details').filter({ hasText: 'the winning line' });
    expect(await line.getByText(/^[0-9a-f]{64}$/).isVisible()).toBe(false);
    await line.locator('summary').click();
    expect(await line.getByText(/^[0-9a-f]{64}$/).textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('link', { name: 'the order to ship' }).click();
    await page.waitForURL(`**/view-order/${order.checkoutCode}`);
    await page.getByText('Maud Winner').first().waitFor();
    await page.goto('/view-draws');
    const row = page.getByRole('row').filter({ hasText: piece.id });
    await row.getByText('not a member 2').waitFor();
  });

  it('keeps the orders list’s labels apart on a phone (390 × 844)', async () => {
    const page = await openAsStaff(browser, { path: '/orders', viewport: PHONE_390 });
    await ordersPageWith(page, 'Maud Winner');
    const card = page.getByRole('row').filter({ hasText: 'Maud Winner' }).first();
    // A cell's box with whatever overflows it (its label is drawn in the cell).
    const box = (label: string) =>
      card.locator(`td[data-label="${label}"]`).evaluate((cell) => {
        const r = cell.getBoundingClientRect();
        return { top: r.top, bottom: r.top + Math.max(r.height, cell.scrollHeight) };
      });
    const waiting = await box('waiting (business days)');
    const payment = await box('payment');
    expect(waiting.bottom, 'waiting (business days) runs into payment').toBeLessThanOrEqual(payment.top);
  });

  it('shows the draw and the orders list on a phone and a desktop', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE_390],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openAsStaff(browser, { path: `/view-draw/${drawId}`, viewport });
      await page.getByText('settled', { exact: true }).waitFor();
      await screenshot(page, `admin-draw-${name}`);
      await page.goto('/view-draws');
      await page.getByRole('heading', { name: 'release by draw' }).waitFor();
      await page.getByRole('link', { name: piece.name }).first().waitFor();
      await screenshot(page, `admin-draws-${name}`);
      await page.goto('/orders');
      await ordersPageWith(page, 'Maud Winner');
      await screenshot(page, `admin-orders-${name}`);
    }
  });
});
