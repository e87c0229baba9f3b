import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { holdAsSomeoneElse } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, PHONE, SHOTS_DIR, screenshot, startBrowser } from './support/browser.ts';

/*
 * Wallets first (issue 46): Stripe's Express Checkout Element (Apple Pay, Google Pay, Link) on a
 * piece's page and on the purchase page, run against the Stripe.js stand-in's element and sheet.
 */

const browser = startBrowser();

const type = typeEntity({ name: 'Wallet Atelier', shippingPrices: { CA: 40, US: 45, FR: 80 } });
let serial = 0;
const piece = (name: string, extra: Partial<ProductEntity> = {}) =>
  productEntity(type, {
    name,
    cardNumber: `55${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    priceUs: 1000,
    ...extra,
  });

const paidByWallet = piece('Moonstone Cuff');
const twoAddresses = piece('Opal Sash');
const cancelled = piece('Quartz Mantle');
const sold = piece('Jet Choker', { status: 0 });
const heldElsewhere = piece('Beryl Capelet');
const fromPurchase = piece('Agate Wrap');
const heldAtPay = piece('Topaz Stole');
const slowQuote = piece('Garnet Veil');

beforeAll(async () => {
  pointAtLocalStack();
  await store({
    type,
    products: [
      paidByWallet,
      twoAddresses,
      cancelled,
      sold,
      heldElsewhere,
      fromPurchase,
      heldAtPay,
      slowQuote,
    ],
  });
});

const SHOTS = '/work/wt/shots/express';

/** A screenshot for the test's record (test-results) and for the issue (the helper's folder); a sheet's, of the screen only. */
async function shot(page: Page, name: string): Promise<void> {
  let file: string;
  if ((await page.getByRole('dialog').count()) > 0) {
    // A sheet is fixed over the screen: the screen, not the whole page under it.
    mkdirSync(SHOTS_DIR, { recursive: true });
    file = join(SHOTS_DIR, `${name}.png`);
    await page.screenshot({ path: file });
  } else {
    file = await screenshot(page, name);
  }
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, join(SHOTS, `${name}.png`));
}

const pieceUrl = (p: ProductEntity) => `/products/productdetails?productId=${p.id}&type=${p.typeId}`;

/** The wallet buttons of the page, once the element is mounted (the area scrolled near). */
async function walletButton(page: Page, label: 'Apple Pay' | 'Google Pay' | 'Link') {
  await page.getByRole('region', { name: 'express checkout' }).scrollIntoViewIfNeeded();
  const button = page.getByRole('button', { name: `Pay with ${label}` });
  await button.waitFor({ timeout: 15_000 });
  return button;
}

function sheet(page: Page, label = 'Google Pay') {
  return page.getByRole('dialog', { name: `${label} (test)` });
}

/** One line of the sheet's amounts. */
async function sheetLine(page: Page, name: string, label?: string): Promise<string> {
  const row = sheet(page, label)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) });
  return ((await row.locator('dd').textContent()) ?? '').trim();
}

async function sheetReady(page: Page, label?: string): Promise<void> {
  await expect
    .poll(
      () =>
        sheet(page, label)
          .getByRole('button', { name: /^Pay USD/ })
          .isEnabled(),
      { timeout: 10_000 },
    )
    .toBe(true);
}

async function heldUntil(p: ProductEntity): Promise<unknown> {
  return (await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.holdUntil;
}

describe('wallets on the piece page', () => {
  it('pays from the piece page in two taps: the Google Pay button, then the sheet’s Pay; the webhook marks it paid', async () => {
    const page = await browser.open(pieceUrl(paidByWallet), {
      viewport: PHONE,
      clientAddress: freshClientAddress(),
    });
    await page.getByRole('heading', { name: 'Moonstone Cuff' }).waitFor();
    const google = await walletButton(page, 'Google Pay');
    expect(await page.getByRole('button', { name: 'Pay with Apple Pay' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Pay with Link' }).count()).toBe(1);
    // The buttons sit in the height the area kept before they came (one row: nothing shifts).
    expect(
      await page.locator('.express-checkout-buttons').evaluate((n) => n.getBoundingClientRect().height),
    ).toBe(48);
    await expectAccessible(page);
    await shot(page, 'piece-wallets-phone');

    let taps = 0;
    await google.click();
    taps += 1;
    await sheet(page).waitFor();
    await sheetReady(page);
    // The sheet's first address (Toronto, ON): the server's shipping and 13 % tax on product and shipping.
    expect(await sheetLine(page, 'Moonstone Cuff')).toBe('USD 1,000.00');
    expect(await sheetLine(page, 'insured shipping')).toBe('USD 40.00');
    expect(await sheetLine(page, 'tax')).toBe('USD 135.20');
    expect(await sheetLine(page, 'Total')).toBe('USD 1,175.20');
    // Nothing is held while the sheet is open.
    expect(await heldUntil(paidByWallet)).toBeUndefined();
    await shot(page, 'piece-wallet-sheet-phone');

    await sheet(page).getByRole('button', { name: 'Pay USD 1,175.20' }).click();
    taps += 1;
    await page.waitForURL('**/products/success?checkoutCode=*', { timeout: 15_000 });
    await page.getByText(/is yours/).waitFor({ timeout: 20_000 });
    expect(taps).toBe(2);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('thank you — Moonstone Cuff is yours');
    expect(main).toContain('USD 1175.20');
    expect(
      await page.getByRole('region', { name: 'shipping to' }).locator('address span').allTextContents(),
    ).toEqual(['Ada Lovelace', '1 King Street West', 'Toronto, ON M5H 1A1', 'Canada']);
    await shot(page, 'piece-wallet-paid-phone');
    expect((await api<{ sold: boolean }>(`/is-sold?id=${paidByWallet.id}`)).body.sold).toBe(true);

    // The emulator's PaymentIntent was paid with the wallet's card, recorded as Google Pay.
    const checkoutCode = new URL(page.url()).searchParams.get('checkoutCode') ?? '';
    const intents = await emulator<{ data: Record<string, unknown>[] }>('/__emulator/stripe/payment_intents');
    const intent = intents.data.find(
      (i) => (i.metadata as Record<string, string>)?.checkoutCode === checkoutCode,
    );
    expect(intent?.status).toBe('succeeded');
    expect(intent?.amount).toBe(117520);
    const method = await emulator<{ card: { wallet: { type: string } | null; last4: string } }>(
      `/v1/payment_methods/${String(intent?.payment_method)}`,
    );
    expect(method.card.last4).toBe('4242');
    expect(method.card.wallet?.type).toBe('google_pay');
  });

  it('shows the server’s shipping and tax for each address the sheet chooses (Toronto, Paris), and no Pay where it does not ship', async () => {
    const page = await browser.open(pieceUrl(twoAddresses), { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'Opal Sash' }).waitFor();
    const apple = await walletButton(page, 'Apple Pay');
    await shot(page, 'piece-wallets-desktop');
    await apple.click();
    await sheet(page, 'Apple Pay').waitFor();
    await sheetReady(page, 'Apple Pay');
    expect(await sheetLine(page, 'insured shipping', 'Apple Pay')).toBe('USD 40.00');
    expect(await sheetLine(page, 'tax', 'Apple Pay')).toBe('USD 135.20');

    const paris = await api<{ amounts: { shippingFee: number; tax: number; total: number } }>(
      '/checkout/quote',
      {
        method: 'POST',
        json: { id: twoAddresses.id, typeId: twoAddresses.typeId, country: 'FR', city: 'Paris' },
      },
    );
    expect(paris.status).toBe(200);
    const usd = (n: number) => `USD ${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await sheet(page, 'Apple Pay')
      .getByLabel(/Paris, France/)
      .check();
    await expect
      .poll(() => sheetLine(page, 'insured shipping', 'Apple Pay'), { timeout: 10_000 })
      .toBe(usd(paris.body.amounts.shippingFee));
    expect(await sheetLine(page, 'tax', 'Apple Pay')).toBe(usd(paris.body.amounts.tax));
    expect(await sheetLine(page, 'Total', 'Apple Pay')).toBe(usd(paris.body.amounts.total));
    expect(paris.body.amounts.total).not.toBe(1175.2);
    await sheetReady(page, 'Apple Pay');
    await shot(page, 'piece-wallet-sheet-paris-desktop');

    // Tokyo: the collection does not ship to Japan; the sheet says so and cannot pay.
    await sheet(page, 'Apple Pay')
      .getByLabel(/Tokyo, Japan/)
      .check();
    await sheet(page, 'Apple Pay').getByText('Apple Pay cannot ship there.').waitFor();
    expect(
      await sheet(page, 'Apple Pay')
        .getByRole('button', { name: /^Pay USD/ })
        .isDisabled(),
    ).toBe(true);
    await sheet(page, 'Apple Pay').getByRole('button', { name: 'Cancel' }).click();
    await sheet(page, 'Apple Pay').waitFor({ state: 'detached' });
  });

  it('a wallet cancelled: the sheet closes, the piece was never held and can still be bought', async () => {
    const page = await browser.open(pieceUrl(cancelled), { viewport: PHONE });
    await page.getByRole('heading', { name: 'Quartz Mantle' }).waitFor();
    await (await walletButton(page, 'Link')).click();
    await sheet(page, 'Link').waitFor();
    await sheetReady(page, 'Link');
    await sheet(page, 'Link').getByRole('button', { name: 'Cancel' }).click();
    await sheet(page, 'Link').waitFor({ state: 'detached' });
    expect(await heldUntil(cancelled)).toBeUndefined();
    const availability = await api<{ sold: boolean; available: boolean }>(`/is-sold?id=${cancelled.id}`);
    expect(availability.body).toMatchObject({ sold: false, available: true });
    expect(await page.getByRole('alert').count()).toBe(0);
    // The buttons are still there for another try.
    expect(await page.getByRole('button', { name: 'Pay with Link' }).isEnabled()).toBe(true);
  });

  it('a sold piece shows no wallet button; a piece held by another shopper never opens the sheet and says why', async () => {
    const soldPage = await browser.open(pieceUrl(sold), { viewport: PHONE });
    await soldPage.getByRole('heading', { name: 'Jet Choker' }).waitFor();
    expect(await soldPage.getByRole('region', { name: 'express checkout' }).count()).toBe(0);
    expect(await soldPage.getByRole('button', { name: /^Pay with/ }).count()).toBe(0);

    const page = await browser.open(pieceUrl(heldElsewhere), { viewport: PHONE });
    await page.getByRole('heading', { name: 'Beryl Capelet' }).waitFor();
    const google = await walletButton(page, 'Google Pay');
    // Held by someone else after the page showed its buttons.
    expect((await holdAsSomeoneElse(heldElsewhere)).status).toBe(200);
    await google.click();
    await page
      .getByRole('alert')
      .filter({ hasText: CHECKOUT_MESSAGES.reserved })
      .waitFor({ timeout: 10_000 });
    expect(await sheet(page).count()).toBe(0);
    await shot(page, 'piece-wallet-reserved-phone');
  });
});

describe('a press the server answers slowly', () => {
  it('opens the sheet within Stripe’s second with the last quote when the fresh one is late (a cold function)', async () => {
    const page = await browser.open(pieceUrl(slowQuote), { viewport: PHONE });
    await page.getByRole('heading', { name: 'Garnet Veil' }).waitFor();
    const google = await walletButton(page, 'Google Pay');
    // From now on the server's quote takes 1.5 s, longer than Stripe waits for the press's answer.
    let slowed = 0;
    await page.route('**/api/checkout/quote', async (route) => {
      slowed += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await google.click();
    await sheet(page).waitFor({ timeout: 10_000 });
    expect(slowed).toBeGreaterThanOrEqual(1);
    expect(await sheetLine(page, 'Garnet Veil')).toBe('USD 1,000.00');
    expect(errors.filter((e) => e.includes('within 1 second'))).toEqual([]);
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    await sheet(page).waitFor({ state: 'detached' });
    expect(await heldUntil(slowQuote)).toBeUndefined();
  });
});

describe('a wallet confirm meets a piece taken meanwhile', () => {
  it('held by another shopper while the sheet was open: the payment fails in the sheet, the page says why, nothing is charged', async () => {
    const page = await browser.open(pieceUrl(heldAtPay), {
      viewport: PHONE,
      clientAddress: freshClientAddress(),
    });
    await page.getByRole('heading', { name: 'Topaz Stole' }).waitFor();
    await (await walletButton(page, 'Apple Pay')).click();
    await sheetReady(page, 'Apple Pay');
    expect((await holdAsSomeoneElse(heldAtPay)).status).toBe(200);
    await sheet(page, 'Apple Pay')
      .getByRole('button', { name: /^Pay USD/ })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: CHECKOUT_MESSAGES.reserved })
      .waitFor({ timeout: 10_000 });
    await sheet(page, 'Apple Pay').waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('/products/success');
    // Only the other shopper's intent exists for the piece; none was confirmed.
    const intents = await emulator<{ data: { status: string; metadata: { productId?: string } }[] }>(
      '/__emulator/stripe/payment_intents',
    );
    const forPiece = intents.data.filter((i) => i.metadata.productId === heldAtPay.id);
    expect(forPiece.map((i) => i.status)).toEqual(['requires_payment_method']);
  });
});

describe('wallets on the purchase page', () => {
  it('pays by Link from the purchase page without filling the form', async () => {
    const page = await browser.open(
      `/products/purchase?product=${fromPurchase.id}&type=${fromPurchase.typeId}`,
      {
        viewport: DESKTOP,
        clientAddress: freshClientAddress(),
      },
    );
    await page.getByRole('heading', { name: 'Agate Wrap' }).waitFor();
    await (await walletButton(page, 'Link')).click();
    await sheet(page, 'Link').waitFor();
    await sheetReady(page, 'Link');
    await sheet(page, 'Link')
      .getByLabel(/Los Angeles, CA/)
      .check();
    // Los Angeles: California's city rate, 9.75 % on the product only; USD 45 shipping.
    await expect
      .poll(() => sheetLine(page, 'insured shipping', 'Link'), { timeout: 10_000 })
      .toBe('USD 45.00');
    expect(await sheetLine(page, 'tax', 'Link')).toBe('USD 97.50');
    await sheetReady(page, 'Link');
    await shot(page, 'purchase-wallet-sheet-desktop');
    await sheet(page, 'Link').getByRole('button', { name: 'Pay USD 1,142.50' }).click();
    await page.waitForURL('**/products/success?checkoutCode=*', { timeout: 15_000 });
    await page.getByText(/is yours/).waitFor({ timeout: 20_000 });
    expect((await page.locator('main').textContent()) ?? '').toContain('USD 1142.50');
  });
});

/** The payments emulator, read as the shop's server does (the stack's test key). */
async function emulator<T>(path: string): Promise<T> {
  const response = await fetch(`${process.env.STRIPE_API_BASE}${path}`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}
