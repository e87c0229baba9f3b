import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, startBrowser } from './support/browser.ts';

/**
 * Release day in the browser (issue 21): a storefront read refused for load (API Gateway's 429)
 * is asked again with backoff, and the shopper reads a calm line, never an error page.
 */
const browser = startBrowser();
const TYPE_LIST = /\/api\/getTypeByGender\?/;

describe('a throttled storefront read', () => {
  it('is asked again until it passes, with a calm line meanwhile, and the page then shows', async () => {
    const page = await browser.open('/home');
    let refused = 0;
    await page.route(TYPE_LIST, async (route) => {
      if (refused < 2) {
        refused += 1;
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: '{"message":"Too Many Requests"}',
        });
      } else await route.continue();
    });
    await page.goto(new URL('/women', page.url()).toString());
    await page.getByRole('status').getByText('Many people are visiting right now').waitFor();
    await page.getByRole('list', { name: "women's collections" }).waitFor({ timeout: 20_000 });
    expect(refused).toBe(2);
    expect(await page.getByRole('status').textContent()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('gives up after its tries with a way to ask again, which then shows the page', {
    timeout: 60_000,
  }, async () => {
    const page = await browser.open('/home');
    let refusing = true;
    let asked = 0;
    await page.route(TYPE_LIST, async (route) => {
      asked += 1;
      if (refusing)
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: '{"message":"Too Many Requests"}',
        });
      else await route.continue();
    });
    await page.goto(new URL('/men', page.url()).toString());
    const again = page.getByRole('status').getByRole('button', { name: 'try again' });
    await again.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').textContent()).toContain('The shop is very busy just now.');
    // The first ask and four more, spread over about 15 s.
    expect(asked).toBe(5);
    await expectAccessible(page);
    await screenshot(page, 'busy-gave-up-phone');
    refusing = false;
    await again.click();
    await page.getByRole('list', { name: "men's collections" }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('');
  });
});
