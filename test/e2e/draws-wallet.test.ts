import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { freshClientAddress } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { confirmMember, fillEntry, type Member, openMailedLink } from './support/draw-entry.ts';

/**
 * A draw's entrant authorises with a wallet (issue 46): the entry's Payment Element offers Google
 * Pay beside the card, as Stripe's does in Chromium (its `wallets` 'auto'); chosen, the pay click
 * makes the entry's PaymentIntent (Stripe's deferred intent: none exists before it), the wallet's
 * card authorises it, held for a later capture, and the entry is binding. On a phone and a desktop,
 * each in a draw of its own (one wallet card is one entrant's in a draw).
 */
const browser = startBrowser();
const PHONE = { width: 390, height: 844 };
const type = typeEntity({ name: `Wallet Draw ${uniqueId('w')}`, shippingPrices: { CA: 40 } });
const pieces = [1, 2].map((i) => productEntity(type, { name: `Wallet Draw Shawl ${i}`, priceUs: 1900 }));
const member: Member = {
  email: `${uniqueId('draw-wallet')}@example.com`,
  card: 'google_pay',
  address: {
    country: 'CA',
    state: 'ON',
    address1: '1 King Street West',
    city: 'Toronto',
    postalCode: 'M5H 1A1',
  },
};
const drawIds: string[] = [];

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: pieces });
  await confirmMember(member.email);
  const admin = await loggedInAdmin();
  const now = Date.now();
  for (const piece of pieces) {
    const made = await adminApi<{ draws: { drawId: string }[] }>(admin, '/draws', {
      method: 'POST',
      json: {
        pid: piece.id,
        opensAt: new Date(now - 1000).toISOString(),
        closesAt: new Date(now + 3_600_000).toISOString(),
      },
    });
    expect(made.status, made.text).toBe(200);
    drawIds.push(made.body.draws[0]?.drawId as string);
  }
}, 120_000);

interface Intent {
  id: string;
  amount: number;
  status: string;
  capture_method: string;
  payment_method: string | null;
  metadata: Record<string, string>;
}

/** The Stripe emulator's PaymentIntents made for a draw's entries. */
async function intentsOfDraw(drawId: string): Promise<Intent[]> {
  const listed = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents`);
  expect(listed.status).toBe(200);
  return ((await listed.json()) as { data: Intent[] }).data.filter((i) => i.metadata.drawId === drawId);
}

/** A PaymentMethod as the emulator recorded it (read with the stack's secret key). */
async function paymentMethod(
  id: string,
): Promise<{ card: { last4: string; wallet: { type: string } | null } }> {
  const read = await fetch(`${inject('paymentsUrl')}/v1/payment_methods/${id}`, {
    headers: { authorization: 'Bearer sk_test_local_boutique' },
  });
  expect(read.status).toBe(200);
  return (await read.json()) as { card: { last4: string; wallet: { type: string } | null } };
}

/** The entry form filled, its card step open with Google Pay chosen; nothing authorised yet. */
async function walletChosen(page: Page, drawId: string): Promise<void> {
  await openMailedLink(page, drawId, member);
  await fillEntry(page, member, 'Wallet Entrant');
  await page.getByRole('button', { name: 'continue to the card' }).click();
  const tabs = page.getByRole('radiogroup', { name: 'Payment method' });
  await tabs.waitFor({ timeout: 15_000 });
  expect(await tabs.getByRole('radio').allTextContents()).toEqual(['Card', 'Google Pay', 'Link']);
  await tabs.getByRole('radio', { name: 'Google Pay' }).click();
  expect(await tabs.getByRole('radio', { name: 'Google Pay' }).getAttribute('aria-checked')).toBe('true');
  await page.getByText('Google Pay selected.').waitFor();
  // The entry is made (its refusals would show now), its PaymentIntent not yet: the pay click makes it.
  expect(await intentsOfDraw(drawId)).toEqual([]);
}

/** The pay click: the wallet authorises, the entry is binding; answers the entry's id. */
async function authoriseWithWallet(page: Page, drawId: string): Promise<string> {
  await page.getByRole('button', { name: /^authorise USD/ }).click();
  await page.waitForURL(`**/draw/${drawId}/entry/*#*`, { timeout: 20_000 });
  await page.getByText('you are in the draw. nothing is charged unless you win.').waitFor();
  // The entry's page names the means as the entrant knows it: the wallet's card.
  await page.getByText(/^card: visa ending 4242 \(Google Pay\)$/i).waitFor();
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** The emulator holds one authorisation for the entry, by the wallet's card, not captured. */
async function expectWalletHold(drawId: string, entryId: string): Promise<void> {
  const intents = await intentsOfDraw(drawId);
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({
    status: 'requires_capture',
    capture_method: 'manual',
    metadata: { entryId },
  });
  const method = await paymentMethod(intents[0]?.payment_method as string);
  expect(method.card).toMatchObject({ last4: '4242', wallet: { type: 'google_pay' } });
}

describe('a draw entry authorised with a wallet', () => {
  it('on a phone: Google Pay in the Payment Element, the authorisation made at the pay click, binding', async () => {
    const drawId = drawIds[0] as string;
    const page = await browser.open(`/draw/${drawId}`, {
      viewport: PHONE,
      clientAddress: freshClientAddress(),
    });
    await walletChosen(page, drawId);
    // Nothing wider than the phone (the window's times in words wrap under their labels).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-wallet-phone');
    const entryId = await authoriseWithWallet(page, drawId);
    await expectWalletHold(drawId, entryId);
  });

  it('on a desktop: the same; a page that says `wallets: { googlePay: never }` gets no Google Pay', async () => {
    const drawId = drawIds[1] as string;
    const page = await browser.open(`/draw/${drawId}`, {
      viewport: DESKTOP,
      clientAddress: freshClientAddress(),
    });
    await walletChosen(page, drawId);
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-wallet-desktop');
    // Another Payment Element of the same Stripe.js, told never to show Google Pay.
    const without = await page.evaluate(async () => {
      const stripe = (window as unknown as { Stripe: (pk: string) => StandIn }).Stripe('pk_test_wallets');
      const node = document.createElement('div');
      document.body.append(node);
      const element = stripe
        .elements({ mode: 'payment', amount: 5000, currency: 'usd' })
        .create('payment', { wallets: { googlePay: 'never' } });
      element.mount(node);
      const labels = [...node.querySelectorAll('[role="radio"]')].map((r) => r.textContent);
      element.destroy();
      node.remove();
      return labels;
      type StandIn = {
        elements(o: object): {
          create(t: 'payment', o: object): { mount(n: HTMLElement): void; destroy(): void };
        };
      };
    });
    expect(without).toEqual(['Card', 'Link']);
    const entryId = await authoriseWithWallet(page, drawId);
    await expectWalletHold(drawId, entryId);
  });
});
