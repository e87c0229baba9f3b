import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

const browser = startBrowser();

describe('the shell', () => {
  it('goes from the landing page to /home after 5 seconds', async () => {
    // The clock is paused before the page loads, then moved by hand: on a busy machine, a pause
    // asked for once the page was up came after the page's clock had passed it.
    const page = await browser.open('/', {
      beforeLoad: async (p) => {
        await p.clock.install();
        await p.clock.pauseAt(Date.now() + 1_000);
      },
    });
    await page.getByRole('button', { name: /one of one luxury/i }).waitFor();
    await page.clock.runFor(4_000);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.clock.runFor(1_100);
    await page.waitForURL('**/home');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('goes to /home at once on a click', async () => {
    const page = await browser.open('/');
    await page.getByRole('button', { name: /one of one luxury/i }).click();
    await page.waitForURL('**/home');
  });

  it('shows the main menu with the header and tagline, accessibly, on a phone and a desktop', async () => {
    const page = await browser.open('/home');
    await page.getByRole('link', { name: 'more' }).waitFor();
    const links = await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link')
      .allTextContents();
    // The spec's eight, then the sister sites of this deployment's shop settings.
    expect(links).toEqual([
      'world',
      'women',
      'men',
      'boutique',
      'music',
      'videos',
      'authenticity',
      // "more" and, for screen readers and search engines, what it leads to (visually hidden).
      'more: delivery, payment, returns and contact',
      ...LOCAL_SHOP_SETTINGS.sisterSites.map((site) => site.name),
    ]);
    for (const site of LOCAL_SHOP_SETTINGS.sisterSites) {
      expect(await page.getByRole('link', { name: site.name }).getAttribute('href')).toBe(site.url);
    }
    expect(await page.getByRole('link', { name: 'One of One Luxury, home' }).count()).toBe(1);
    expect(await page.locator('.tagline').textContent()).toBeTruthy();
    await expectAccessible(page);
    await screenshot(page, 'home-phone');
    await screenshot(await browser.open('/home', { viewport: DESKTOP }), 'home-desktop');
  });

  it('answers an unknown route with "Sorry your page is not found."', async () => {
    const page = await browser.open('/no/such/page');
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.pageNotFound);
  });
});
