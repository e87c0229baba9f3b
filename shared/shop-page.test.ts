import { describe, expect, it } from 'vitest';
import { withShopSettings } from './shop-page.ts';

const page = '<head><meta name="shop-settings" content="" /><title>x</title></head>';
const settings = {
  name: 'Maison "One" & <Co>',
  supportEmail: 'care@oneofoneluxury.com',
  sisterSites: [{ name: 'Art', url: 'https://art.oneofoneluxury.com/' }],
};

describe('withShopSettings', () => {
  it('writes the settings as an escaped attribute a browser reads back whole, and the name as the title', () => {
    const html = withShopSettings(page, { ...settings, mailFrom: 'orders@oneofoneluxury.com' } as never);
    const content = html.match(/content="([^"]*)"/)?.[1] ?? '';
    expect(content).not.toMatch(/[<>"]/);
    const decoded = content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    // Only what the web shows: the sender address stays with the functions.
    expect(JSON.parse(decoded)).toEqual(settings);
    expect(html).toContain('<title>Maison &quot;One&quot; &amp; &lt;Co&gt;</title>');
  });

  it('titles the /verify page as the passport of the shop', () => {
    const html = withShopSettings(page, settings, 'verify.html');
    expect(html).toContain('<title>Passport · Maison &quot;One&quot; &amp; &lt;Co&gt;</title>');
    expect(html).toContain('care@oneofoneluxury.com');
  });

  it('refuses a page without the empty meta tag, rather than serve one without settings', () => {
    expect(() => withShopSettings('<head></head>', settings)).toThrow(/no empty <meta name="shop-settings">/);
    expect(() => withShopSettings(withShopSettings(page, settings), settings)).toThrow();
  });
});
