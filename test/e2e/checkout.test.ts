import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { ADMIN_TIME_ZONE } from '#shared/admin.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { HOLD_MINUTES } from '#shared/constants.ts';
import { SHOP_ZONE_NAME } from '#shared/time-words.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { holdAsSomeoneElse, payWithTestCard } from '../support/purchase.ts';
import { allMail, mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

const browser = startBrowser();

/** A collection of this file only, so no other test's demo pieces are bought. */
const code = `E2E${Date.now().toString().slice(-6)}`;
const type = typeEntity({
  name: 'Checkout Atelier',
  shippingPrices: { CA: 40, US: 45, FR: 80 },
  discount: true,
  discountCode: code,
  discountAmount: 10,
});
let serial = 0;
const piece = (name: string, extra: Partial<ProductEntity> = {}) =>
  productEntity(type, {
    name,
    // A unique 16-digit authenticity card number per piece.
    cardNumber: `54${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    priceUs: 1000,
    ...extra,
  });

const bought = piece('Opaline Evening Coat');
const declined = piece('Nacre Silk Gown');
const secure = piece('Saffron Cape');
const held = piece('Ombre Stole');
const browsing = piece('Ivory Minaudière');
const viaPaypal = piece('Jade Opera Gloves');
const cancelled = piece('Pearl Veil');
const expiring = piece('Garnet Bolero');
const reloaded = piece('Topaz Shawl');
const taken = piece('Amber Cloak');
const termsShown = piece('Onyx Clutch');
// Above the local stack's 3-D Secure amount (USD 10,000, THREE_D_SECURE_ABOVE_CENTS): every card is asked.
const costly = piece('Sapphire Tiara', { priceUs: 12000 });
const viaLink = piece('Coral Brooch');
const takenAtPay = piece('Quartz Cuff');
const paidElsewhere = piece('Beryl Ring');
beforeAll(async () => {
  pointAtLocalStack();
  await store({
    type,
    products: [
      bought,
      declined,
      secure,
      held,
      browsing,
      viaPaypal,
      cancelled,
      expiring,
      reloaded,
      taken,
      termsShown,
      costly,
      viaLink,
      takenAtPay,
      paidElsewhere,
    ],
  });
});

/** Every URL the page asks for, to prove no personal data travels in one. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(decodeURIComponent(r.url().replace(/\+/g, ' '))));
  return urls;
}

const purchaseUrl = (p: ProductEntity) => `/products/purchase?product=${p.id}&type=${p.typeId}`;

interface ShopperAddress {
  email: string;
  country?: string;
  state?: string;
  city?: string;
}

async function fillAddress(page: Page, a: ShopperAddress, scope = 'contact and delivery'): Promise<void> {
  const group = page.getByRole('group', { name: scope });
  await group.getByLabel('full name').fill('Ada Lovelace');
  await group.getByLabel('phone').fill('+1 416 555 0100');
  await group.getByLabel('e-mail').fill(a.email);
  await group.getByLabel('country').selectOption(a.country ?? 'CA');
  await group.getByLabel('address line 1').fill('1 King Street West');
  await group.getByLabel('city').fill(a.city ?? 'Toronto');
  await group.getByLabel('postal code').fill('M5H 1A1');
  if (a.state) await group.getByLabel(a.country === 'US' ? 'state' : 'province').selectOption(a.state);
}

/** The value of one line of the order summary. */
async function line(page: Page, label: string): Promise<string> {
  const row = page.locator('.checkout-summary .checkout-row').filter({
    has: page.locator('dt', { hasText: new RegExp(`^${label}`) }),
  });
  return ((await row.locator('dd').textContent()) ?? '').trim();
}

async function lineIs(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => line(page, label), { timeout: 5_000 }).toBe(value);
}

async function alertWith(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

/** The Payment Element's card fields (the stand-in of Stripe.js locally), then the shop's pay button. */
async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^pay USD/ }).click();
}

/** Stripe's 3-D Secure dialog (the stand-in's, locally): the bank's challenge for this payment. */
function challenge(page: Page) {
  return page.getByRole('dialog', { name: 'Authenticate this payment' });
}

async function startPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'continue to payment' }).click();
  await page.getByLabel('card number').waitFor({ timeout: 10_000 });
}

/** "Continue to payment", answered: the order's code of the hold it took (POST /checkout/hold). */
async function startPaymentHeld(page: Page): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/checkout/hold') && r.request().method() === 'POST',
  );
  await startPayment(page);
  const held = await answer;
  expect(held.status()).toBe(200);
  return ((await held.json()) as { checkoutCode: string }).checkoutCode;
}

/** The PaymentIntents the local Stripe stand-in holds for an order. */
async function intentsOf(checkoutCode: string): Promise<{ amount: number; status: string }[]> {
  const answer = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents`);
  const { data } = (await answer.json()) as {
    data: { amount: number; status: string; metadata?: Record<string, string> }[];
  };
  return data.filter((i) => i.metadata?.checkoutCode === checkoutCode);
}

async function waitForPaid(page: Page): Promise<void> {
  await page.waitForURL('**/products/success?checkoutCode=*', { timeout: 15_000 });
  await page.getByText(/is yours/).waitFor({ timeout: 20_000 });
}

async function isSold(id: string): Promise<boolean> {
  return ((await api<{ sold: boolean }>(`/is-sold?id=${id}`)).body.sold ?? false) as boolean;
}

describe('card purchase', () => {
  it('buys a piece shipped to Ontario: 13 % tax on product and shipping, hold countdown, paid, mails, sold', async () => {
    const email = `${uniqueId('buyer')}@example.com`;
    const page = await browser.open(purchaseUrl(bought));
    const urls = requestedUrls(page);
    await page.getByRole('heading', { name: 'Opaline Evening Coat' }).waitFor();
    await lineIs(page, 'product price', 'USD 1000');
    await fillAddress(page, { email, country: 'CA', state: 'ON' });
    await lineIs(page, 'shipping to Canada', 'USD 40');
    await lineIs(page, 'tax', 'USD 135.20');
    await lineIs(page, 'duty', 'USD 0');
    await lineIs(page, 'total', 'USD 1175.20');

    const heldCode = await startPaymentHeld(page);
    // The piece is held, the card not asked for yet: no payment exists (Stripe's deferred intent).
    expect(await intentsOf(heldCode)).toEqual([]);
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await page.locator('.checkout-hold').textContent()).toMatch(/reserved for you for 1[45]:\d\d/);
    // The address is locked while the piece is held.
    expect(
      await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('city').isDisabled(),
    ).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'checkout-purchase-card-phone');

    await payWithCard(page, '4242 4242 4242 4242');
    await waitForPaid(page);
    const checkoutCode = new URL(page.url()).searchParams.get('checkoutCode') ?? '';
    expect(checkoutCode).toBe(heldCode);
    // The pay click made exactly one payment, for the server's amount.
    expect(await intentsOf(checkoutCode)).toEqual([
      expect.objectContaining({ amount: 117_520, status: 'succeeded' }),
    ]);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('thank you — Opaline Evening Coat is yours');
    expect(main).toContain('USD 1175.20');
    expect(main).toContain('within 7 business days');
    // The order's number, where it ships and where the mail went (this tab checked it out).
    expect(main).toContain(`order number${checkoutCode}`);
    expect(
      await page.getByRole('region', { name: 'shipping to' }).locator('address span').allTextContents(),
    ).toEqual(['Ada Lovelace', '1 King Street West', 'Toronto, ON M5H 1A1', 'Canada']);
    expect(main).toContain(`We have sent your confirmation to ${email}.`);
    expect(await page.getByRole('img', { name: 'Opaline Evening Coat' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'return to the boutique' }).getAttribute('href')).toBe(
      '/home',
    );
    await expectAccessible(page);
    await screenshot(page, 'checkout-success-phone');

    // Another browser with the link (the code alone): the order's state, never its address or e-mail.
    const desktop = await browser.open(page.url().replace(/^https?:\/\/[^/]+/, ''), { viewport: DESKTOP });
    await desktop.getByText(/is yours/).waitFor({ timeout: 10_000 });
    const elsewhere = (await desktop.locator('main').textContent()) ?? '';
    expect(elsewhere).toContain(`order number${checkoutCode}`);
    expect(elsewhere).toContain('Your confirmation email holds the address it ships to.');
    for (const personal of [email, 'Ada Lovelace', 'King Street']) expect(elsewhere).not.toContain(personal);
    await screenshot(desktop, 'checkout-success-desktop');

    await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(2);
    expect(await isSold(bought.id)).toBe(true);
    // The name, e-mail, phone and address typed went in request bodies, never in a URL.
    expect(urls.length).toBeGreaterThan(5);
    for (const typed of [email, 'Ada Lovelace', '1 King Street West', '+1 416 555 0100', 'M5H 1A1'])
      expect(urls.filter((u) => u.includes(typed))).toEqual([]);
  });

  it('comes back to the same hold and countdown after a reload, and gives the piece back on cancel', async () => {
    // From an address of its own: the starts of this file's other walks are counted per address.
    const page = await browser.open(purchaseUrl(reloaded), { clientAddress: freshClientAddress() });
    await page.getByRole('heading', { name: 'Topaz Shawl' }).waitFor();
    await fillAddress(page, { email: `${uniqueId('reload')}@example.com`, country: 'CA', state: 'ON' });
    await startPayment(page);
    const until = async () => (await getRaw(`PRODUCT#${reloaded.id}`, '#PRODUCT'))?.holdUntil;
    const heldUntil = await until();
    expect(heldUntil).toEqual(expect.any(Number));
    await page.reload();
    // Not "sold": the same order, its card form and the same hold, the address kept.
    await page.getByLabel('card number').waitFor({ timeout: 15_000 });
    expect(await until()).toBe(heldUntil);
    expect(
      await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('city').inputValue(),
    ).toBe('Toronto');
    expect(await page.locator('.checkout-hold').textContent()).toMatch(/reserved for you for 1[45]:\d\d/);
    await screenshot(page, 'checkout-resumed-after-reload-phone');
    await page.getByRole('button', { name: 'cancel and release the piece' }).click();
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
    await expect.poll(until, { timeout: 10_000 }).toBeUndefined();
    expect(await page.getByLabel('card number').count()).toBe(0);
  });

  it('shows the card provider\'s "Your card was declined." and succeeds on a retry with 4242', async () => {
    // The local Stripe stand-in answers a declined card's confirmation with 402, as Stripe does.
    browser.expectFailures({ status: 402, path: /^\/__payments\/v1\/payment_intents\/[^/]+\/confirm$/ });
    const page = await browser.open(purchaseUrl(declined), { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'Nacre Silk Gown' }).waitFor();
    await fillAddress(page, {
      email: `${uniqueId('declined')}@example.com`,
      country: 'US',
      state: 'NY',
      city: 'New York',
    });
    // USA: 5 % on the product only.
    await lineIs(page, 'tax', 'USD 50');
    await lineIs(page, 'total', 'USD 1095');
    await startPayment(page);
    await screenshot(page, 'checkout-purchase-card-desktop');
    await payWithCard(page, '4000 0000 0000 0002');
    await alertWith(page, 'Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/products/purchase');
    await payWithCard(page, '4242424242424242');
    await waitForPaid(page);
    expect(await isSold(declined.id)).toBe(true);
  });

  it('asks for 3-D Secure authentication and completes the payment on approve', async () => {
    const page = await browser.open(purchaseUrl(secure));
    await page.getByRole('heading', { name: 'Saffron Cape' }).waitFor();
    await fillAddress(page, { email: `${uniqueId('secure')}@example.com`, country: 'FR', city: 'Paris' });
    await startPayment(page);
    await payWithCard(page, '4000 0025 0000 3155');
    await challenge(page).waitFor({ timeout: 10_000 });
    expect(await challenge(page).textContent()).toContain('USD 1,');
    await screenshot(page, 'checkout-3ds-challenge-phone');
    await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
    await waitForPaid(page);
  });

  it('asks 3-D Secure of any card above the deployment’s amount: failed, it says so; approved, it pays', async () => {
    const page = await browser.open(purchaseUrl(costly), { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'Sapphire Tiara' }).waitFor();
    await fillAddress(page, { email: `${uniqueId('costly')}@example.com`, country: 'CA', state: 'ON' });
    await startPayment(page);
    // 4242 passes without a challenge at USD 1,000 (the first walk); above USD 10,000 it is challenged.
    await payWithCard(page, '4242 4242 4242 4242');
    await challenge(page).waitFor({ timeout: 10_000 });
    await screenshot(page, 'checkout-3ds-challenge-desktop');
    await challenge(page).getByRole('button', { name: 'Fail authentication' }).click();
    await alertWith(page, 'We are unable to authenticate your payment method.');
    expect(await challenge(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/products/purchase');
    expect(await isSold(costly.id)).toBe(false);
    await page.getByRole('button', { name: /^pay USD/ }).click();
    await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
    await waitForPaid(page);
    expect(await isSold(costly.id)).toBe(true);
  });

  it('pays with Link in the Payment Element: e-mail, the code Link sends, paid', async () => {
    // A larger phone than the suite's own (390 × 844).
    const page = await browser.open(purchaseUrl(viaLink), { viewport: { width: 390, height: 844 } });
    await page.getByRole('heading', { name: 'Coral Brooch' }).waitFor();
    const email = `${uniqueId('link')}@example.com`;
    await fillAddress(page, { email, country: 'CA', state: 'ON' });
    await startPayment(page);
    await page.getByRole('radio', { name: 'Link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    // elements.submit() refuses until Link's code is given.
    await page.getByRole('button', { name: /^pay USD/ }).click();
    await alertWith(page, 'Send the code Link e-mails you, then enter it.');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill('000000');
    // Typing in the element answers the refusal shown before.
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'checkout-link-390');
    await page.getByRole('button', { name: /^pay USD/ }).click();
    await waitForPaid(page);
    expect(await isSold(viaLink.id)).toBe(true);
  });

  it('counts the hold down and, when the reservation ends, offers to start again', async () => {
    const page = await browser.open(purchaseUrl(expiring), { clock: true });
    await page.getByRole('heading', { name: 'Garnet Bolero' }).waitFor();
    await fillAddress(page, {
      email: `${uniqueId('slow')}@example.com`,
      country: 'CA',
      state: 'AB',
      city: 'Calgary',
    });
    await lineIs(page, 'tax', 'USD 52');
    await startPayment(page);
    expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    await page.clock.fastForward(60_000);
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^1[34]:\d\d$/);
    await page.clock.fastForward(HOLD_MINUTES * 60_000);
    await alertWith(page, 'your reservation has ended');
    expect(await page.getByLabel('card number').count()).toBe(0);
    await page.getByRole('button', { name: 'start again' }).click();
    await page.getByRole('button', { name: 'continue to payment' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('city').isDisabled(),
    ).toBe(false);
  });

  it('says the piece is reserved by another shopper (not sold), and until when, before any form', async () => {
    const other = await holdAsSomeoneElse(held);
    expect(other.status).toBe(200);
    const page = await browser.open(purchaseUrl(held), { timezoneId: 'Europe/Paris' });
    await alertWith(page, CHECKOUT_MESSAGES.reserved);
    const freeAt = (await api<{ freeAt: number }>(`/is-sold?id=${held.id}`)).body.freeAt;
    expect(freeAt % 60_000).toBe(0);
    // In the shop's zone, named (shared/time-words.ts), whatever zone the shopper's computer is
    // set to; by the browser's own time zone data, which may be newer than Node's.
    const shown = await page.evaluate(
      ([at, zone]) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(at),
      [freeAt, ADMIN_TIME_ZONE] as const,
    );
    expect(await page.locator('.checkout-free-at').textContent()).toBe(
      `its reservation ends by ${shown} ${SHOP_ZONE_NAME}.`,
    );
    expect(await page.getByRole('button', { name: 'continue to payment' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'contact and delivery' }).count()).toBe(0);
    await screenshot(page, 'checkout-reserved-phone');
  });

  it('still re-checks at checkout start: a piece taken while the form is open says reserved', async () => {
    const page = await browser.open(purchaseUrl(taken));
    await page.getByRole('heading', { name: 'Amber Cloak' }).waitFor();
    await fillAddress(page, {
      email: `${uniqueId('late')}@example.com`,
      country: 'CA',
      state: 'BC',
      city: 'Vancouver',
    });
    expect((await holdAsSomeoneElse(taken)).status).toBe(200);
    await page.getByRole('button', { name: 'continue to payment' }).click();
    await alertWith(page, CHECKOUT_MESSAGES.reserved);
    expect(await page.getByLabel('card number').count()).toBe(0);
  });

  it('re-checks at the pay click: a piece another shopper holds by then says reserved, and nothing is charged', async () => {
    const page = await browser.open(purchaseUrl(takenAtPay), { clientAddress: freshClientAddress() });
    await page.getByRole('heading', { name: 'Quartz Cuff' }).waitFor();
    await fillAddress(page, { email: `${uniqueId('paylate')}@example.com`, country: 'CA', state: 'ON' });
    const heldCode = await startPaymentHeld(page);
    // This shopper's hold ran out and another shopper took the piece meanwhile.
    const product = await getRaw(`PRODUCT#${takenAtPay.id}`, '#PRODUCT');
    await putItems([{ ...product, holdId: 'someone-else', holdUntil: Date.now() + 10 * 60_000 }]);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^pay USD/ }).click();
    await alertWith(page, CHECKOUT_MESSAGES.reserved);
    await screenshot(page, 'checkout-taken-at-pay-phone');
    expect(page.url()).toContain('/products/purchase');
    expect(await intentsOf(heldCode)).toEqual([]);
  });

  it('shows the order at the pay click when the held order was paid meanwhile (another tab), charging nothing more', async () => {
    const page = await browser.open(purchaseUrl(paidElsewhere), { clientAddress: freshClientAddress() });
    await page.getByRole('heading', { name: 'Beryl Ring' }).waitFor();
    await fillAddress(page, { email: `${uniqueId('twotabs')}@example.com`, country: 'CA', state: 'ON' });
    const heldCode = await startPaymentHeld(page);
    // Another tab of this shopper (the same key and form) pays the held order.
    const fields = await page.evaluate(
      (id) => sessionStorage.getItem(`checkout-started:${id}`),
      paidElsewhere.id,
    );
    expect(await payWithTestCard(JSON.parse(fields ?? '{}') as Record<string, string>)).toBe(heldCode);
    await expect
      .poll(async () => (await api<{ order?: { status: string } }>(`/orders/${heldCode}`)).body.order?.status)
      .toBe('paid');
    await payWithCard(page, '4242 4242 4242 4242');
    await waitForPaid(page);
    expect(new URL(page.url()).searchParams.get('checkoutCode')).toBe(heldCode);
    expect(await intentsOf(heldCode)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});

describe('the terms before paying (issue 20)', () => {
  it('shows terms (with the version), privacy, taxes and "all sales are final" by the pay button; the order records the version', async () => {
    const version = `e2e-${Date.now().toString().slice(-8)}`;
    const published = await adminApi(await loggedInAdmin(), '/terms-versions', {
      method: 'POST',
      json: { version, effectiveDate: '2027-04-01', summary: 'Shown at checkout.' },
    });
    expect(published.status, published.text).toBe(200);
    const page = await browser.open(purchaseUrl(termsShown), { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'Onyx Clutch' }).waitFor();
    const note = page.getByRole('note', { name: 'before you pay' });
    await note.getByText('All sales are final.').waitFor();
    await note.getByText(`(version ${version}, effective 2027-04-01)`).waitFor();
    for (const [name, href] of [
      ['terms of use', '/more/terms-and-conditions'],
      ['privacy policy', '/more/privacy-policy'],
      ['taxes', '/more/taxes'],
    ] as const) {
      expect(await note.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await fillAddress(page, { email: `${uniqueId('terms')}@example.com`, country: 'CA', state: 'ON' });
    await screenshot(page, 'checkout-terms-before-paying-desktop');
    await expectAccessible(page);
    const start = page.waitForResponse(
      (r) => r.url().includes('/api/checkout/hold') && r.request().method() === 'POST',
    );
    await startPayment(page);
    const answer = (await (await start).json()) as { checkoutCode: string };
    expect(await getRaw(`ORDER#${answer.checkoutCode}`, '#ORDER')).toMatchObject({ termsVersion: version });
    await page.getByRole('button', { name: 'cancel and release the piece' }).click();
  });
});

describe('PayPal', () => {
  /** The purchase form filled for PayPal, its button ready (the SDK, here the emulator's stand-in, loaded). */
  async function toPaypal(page: Page, p: ProductEntity): Promise<void> {
    await page.getByRole('heading', { name: p.name }).waitFor();
    await fillAddress(page, { email: `${uniqueId('paypal')}@example.com`, country: 'FR', city: 'Paris' });
    await page.getByLabel('PayPal').check();
    await page.getByRole('button', { name: 'pay with PayPal' }).waitFor();
    expect(await page.getByRole('button', { name: 'pay with PayPal' }).isEnabled()).toBe(true);
  }

  /** A click on the PayPal button opens PayPal's window (the stand-in's approval page) on the server's order. */
  async function openPaypal(page: Page): Promise<Page> {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'pay with PayPal' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 10_000 });
    return popup;
  }

  it('approves in PayPal’s window, the server captures and the success page shows paid', async () => {
    // Each from an address of its own: this file's other starts count against one address's limit.
    const page = await browser.open(purchaseUrl(viaPaypal), {
      viewport: { width: 390, height: 844 },
      clientAddress: freshClientAddress(),
    });
    await toPaypal(page, viaPaypal);
    await screenshot(page, 'paypal-step-phone');
    const popup = await openPaypal(page);
    // The amount PayPal shows is the server's (1000 + 80 shipping to France).
    expect(await popup.locator('#amount').textContent()).toBe('1080.00 USD');
    await screenshot(popup, 'paypal-popup-phone');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Approve' }).click()]);
    await waitForPaid(page);
    expect(await page.locator('main').textContent()).toContain('USD 1080');
    // The same tab, the same key: the address it ships to shows.
    await page.getByRole('region', { name: 'shipping to' }).getByText('Paris').waitFor();
    expect(await page.locator('main').textContent()).toMatch(
      /We have sent your confirmation to paypal-\w+@example\.com\./,
    );
    expect(await isSold(viaPaypal.id)).toBe(true);
  });

  it('cancelled in PayPal’s window: back on the payment step, the piece still held for this shopper, then paid', async () => {
    const page = await browser.open(purchaseUrl(cancelled), {
      viewport: DESKTOP,
      clientAddress: freshClientAddress(),
    });
    await toPaypal(page, cancelled);
    const popup = await openPaypal(page);
    await screenshot(popup, 'paypal-popup-desktop');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Cancel' }).click()]);
    await page
      .getByRole('status')
      .filter({ hasText: 'You cancelled at PayPal; nothing was charged.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/products/purchase');
    await page.getByRole('button', { name: 'pay with PayPal' }).waitFor();
    await screenshot(page, 'paypal-cancelled-desktop');
    await expectAccessible(page);
    // Held for this shopper: another shopper finds it reserved, nothing is sold.
    const seen = await api<{ sold: boolean; available: boolean }>(`/is-sold?id=${cancelled.id}`);
    expect(seen.body).toMatchObject({ sold: false, available: false });
    // And this shopper pays it on a second try, the same order.
    const again = await openPaypal(page);
    await again.getByRole('button', { name: 'Approve' }).click();
    await waitForPaid(page);
    expect(await isSold(cancelled.id)).toBe(true);
  });
});

describe('success page', () => {
  it('shows the real state of the order it reads: pending, refunded, failed', async () => {
    const checkoutCode = '00000000-0000-4000-8000-000000000000';
    const page = await browser.open('/home');
    let status = 'pending';
    await page.route('**/api/orders/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: 200,
          order: { checkoutCode, status, productName: 'Test Piece', finalPrice: 10, paymentType: 1 },
        }),
      }),
    );
    // What moves on the page while it waits and then shows the order (the bench's CLS, as its parts).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { layoutShifts: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node?: Node }[] })[])
          seen.push(...entry.sources.map((source) => (source.node as Element | undefined)?.className ?? '?'));
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/products/success?checkoutCode=${checkoutCode}`);
    await page.getByText('Confirming your payment with your bank…').waitFor();
    // No bare "loading": the step it is at, and a bar that shows it is working.
    const progress = page.getByRole('progressbar', { name: 'confirming your payment' });
    expect(await progress.getAttribute('aria-valuetext')).toBe('step 2 of 3: confirming your payment');
    expect(await page.locator('main').textContent()).not.toContain('loading');
    await expectAccessible(page);
    // The page updates by itself when the server says paid.
    status = 'paid';
    await page.getByText('thank you — Test Piece is yours.').waitFor({ timeout: 5_000 });
    // The taller order replaces the wait without pushing anything that was there down.
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual(
      [],
    );
    status = 'refunded';
    await page.goto(`/products/success?checkoutCode=${checkoutCode}`);
    await page.getByText('this payment has been refunded').waitFor({ timeout: 5_000 });
    status = 'failed';
    await page.goto(`/products/success?checkoutCode=${checkoutCode}`);
    await alertWith(page, CHECKOUT_MESSAGES.patchFailed);
  });

  it('says at once, with a way on, that no order has a number nobody was given', async () => {
    const checkoutCode = '00000000-0000-4000-8000-00000000dead';
    const asked: string[] = [];
    const page = await browser.open(`/products/success?checkoutCode=${checkoutCode}`, {
      beforeLoad: (p) => {
        p.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/api/orders/')) asked.push(r.url());
        });
      },
      expectFailures: [{ status: 404, path: new RegExp(`^/api/orders/${checkoutCode}$`) }],
    });
    const alert = page.getByRole('alert').filter({ hasText: 'no order with this number' });
    await alert.waitFor({ timeout: 5_000 });
    expect(await alert.textContent()).toContain(checkoutCode);
    expect(await alert.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe(
      '/more/contact_us',
    );
    expect(await page.getByText('Finding your order…').count()).toBe(0);
    // Asked once: a number no order has is not asked after again.
    expect(asked).toHaveLength(1);
    await expectAccessible(page);
    await screenshot(page, 'success-unknown-order-phone');
  });
});

describe('checkout form', () => {
  it('asks for every required field, then for the billing address', async () => {
    const page = await browser.open(purchaseUrl(browsing));
    await page.getByRole('heading', { name: 'Ivory Minaudière' }).waitFor();
    await page.getByRole('button', { name: 'continue to payment' }).click();
    await alertWith(page, CHECKOUT_MESSAGES.fillAllFields);

    // Canada needs a province: everything else filled is still not enough.
    await fillAddress(page, { email: 'ada@example.com', country: 'CA' });
    await lineIs(page, 'tax', 'choose a province');
    await page.getByRole('button', { name: 'continue to payment' }).click();
    await alertWith(page, CHECKOUT_MESSAGES.fillAllFields);
    await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('province').selectOption('QC');
    await lineIs(page, 'tax', 'USD 155.74');

    await page.getByLabel('billing address is different').check();
    const billing = page.getByRole('group', { name: 'billing address' });
    await billing.getByLabel('full name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'continue to payment' }).click();
    await alertWith(page, CHECKOUT_MESSAGES.fillBilling);
    expect(await page.getByLabel('card number').count()).toBe(0);

    // Outside Canada and the USA: no tax, duty not included, with the note.
    await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('country').selectOption('FR');
    await lineIs(page, 'shipping to France', 'USD 80');
    await lineIs(page, 'tax', 'USD 0');
    await lineIs(page, 'duty', 'not included');
    expect(await page.locator('.checkout-summary').textContent()).toContain(
      'the shipping provider may collect',
    );
    expect(
      await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('province').count(),
    ).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'checkout-purchase-form-phone');
    const desktop = await browser.open(purchaseUrl(browsing), { viewport: DESKTOP });
    await desktop.getByRole('heading', { name: 'Ivory Minaudière' }).waitFor();
    await screenshot(desktop, 'checkout-purchase-form-desktop');
  });

  it('applies a discount code once: invalid, valid (10 %), already applied; a failed check says so', async () => {
    const page = await browser.open(purchaseUrl(browsing));
    await page.getByRole('heading', { name: 'Ivory Minaudière' }).waitFor();
    const field = page.getByLabel('discount code');
    const apply = page.getByRole('button', { name: 'apply' });

    await field.fill('NOT-A-CODE');
    await apply.click();
    await alertWith(page, CHECKOUT_MESSAGES.invalidDiscount);

    await page.route('**/api/type-discount**', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"slow down"}' }),
    );
    await field.fill(code.toLowerCase());
    await apply.click();
    await alertWith(page, CHECKOUT_MESSAGES.discountError);
    await page.unroute('**/api/type-discount**');

    await apply.click();
    await page.getByRole('status').filter({ hasText: '10 % off' }).waitFor();
    await lineIs(page, 'discount', '− USD 100');
    await fillAddress(page, { email: 'ada@example.com', country: 'CA', state: 'ON' });
    // 13 % of 900 + 40.
    await lineIs(page, 'tax', 'USD 122.20');
    await lineIs(page, 'total', 'USD 1062.20');

    await apply.click();
    await alertWith(page, CHECKOUT_MESSAGES.discountApplied);
  });

  it('sends a visit without its inputs to /', async () => {
    const page = await browser.open('/products/purchase');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  });
});

describe('the mails of these purchases', () => {
  it('every one has a text part and an HTML part, and neither writes an ISO time', async () => {
    const mails = await allMail();
    expect(mails.some((m) => m.subject.startsWith('Your order'))).toBe(true);
    for (const mail of mails) {
      expect(mail.body.text, mail.subject).toBeTruthy();
      expect(mail.body.html, mail.subject).toMatch(/^<!DOCTYPE html>/);
      for (const part of [mail.body.text, mail.body.html])
        expect(part, mail.subject).not.toMatch(/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/);
    }
  });
});
