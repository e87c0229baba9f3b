import type { ShopSettings } from '#shared/shop-settings.ts';

/**
 * The part of a deployment's shop settings the web app reads at run time, carried in index.html
 * (`<meta name="shop-settings">`): the built app holds no address, and each deployment (the CDK
 * web deployment, the local gateway, vite's dev server) writes its own into the page it serves.
 */
export type PageShopSettings = Pick<ShopSettings, 'name' | 'supportEmail' | 'sisterSites'>;

export const SHOP_SETTINGS_META = 'shop-settings';

/**
 * The pages a deployment writes the settings into, each with its title: the app's, and the
 * passport's /verify page (docs/passport.md), which names the shop's address.
 */
export const SETTINGS_PAGES = {
  'index.html': (name: string) => name,
  'verify.html': (name: string) => `Passport · ${name}`,
} as const;

export type SettingsPage = keyof typeof SETTINGS_PAGES;

const EMPTY_META = /<meta name="shop-settings" content="" \/>/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page (index.html, else `page`) with the settings in its meta tag and its title naming the shop. */
export function withShopSettings(
  html: string,
  settings: PageShopSettings,
  page: SettingsPage = 'index.html',
): string {
  if (!EMPTY_META.test(html)) throw new Error(`${page} has no empty <meta name="shop-settings"> to fill`);
  const shown: PageShopSettings = {
    name: settings.name,
    supportEmail: settings.supportEmail,
    sisterSites: settings.sisterSites,
  };
  return html
    .replace(
      EMPTY_META,
      () => `<meta name="shop-settings" content="${escapeAttribute(JSON.stringify(shown))}" />`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeAttribute(SETTINGS_PAGES[page](settings.name))}</title>`,
    );
}
