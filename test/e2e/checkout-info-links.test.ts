import { describe, expect, it } from 'vitest';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

/**
 * Checkout links what a buyer reads before paying (issue 45): the piece's collection texts on
 * /products/productinfo (shipping, delivery, duties, taxes, returns, payment) and the digital and
 * physical boutiques (/boutique/twoboutiques).
 */
const browser = startBrowser();
const purchase = `/products/purchase?product=${DEMO.availableProduct}&type=${DEMO.womenSized}`;

describe('checkout: before you buy', () => {
  it('links the collection texts of /products/productinfo and the two boutiques', async () => {
    pointAtLocalStack();
    const page = await browser.open(purchase);
    const before = page.getByRole('navigation', { name: 'before you buy' });
    await before.getByRole('link', { name: 'returns' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'checkout-before-you-buy-phone');

    await before.getByRole('link', { name: 'returns' }).click();
    await page.waitForURL(`**/products/productinfo?tid=${DEMO.womenSized}&title=returns`);
    await page.getByRole('heading', { name: 'Returns' }).waitFor();
    await page.getByText('All sales are final').waitFor();

    await page.goBack();
    await before.getByRole('link', { name: 'our digital and physical boutiques' }).click();
    await page.waitForURL('**/boutique/twoboutiques');
    await page.getByText('Two boutiques, one house.').waitFor();

    const desktop = await browser.open(purchase, { viewport: DESKTOP });
    const links = desktop.getByRole('navigation', { name: 'before you buy' }).getByRole('link');
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      'shipping',
      'delivery time',
      'duties',
      'taxes',
      'returns',
      'payment',
      'our digital and physical boutiques',
    ]);
    await screenshot(desktop, 'checkout-before-you-buy');
  });
});
