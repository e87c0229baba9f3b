import type { ShopSettings } from '#shared/shop-settings.ts';

/**
 * The part of a deployment's shop settings the web app reads at run time, carried in index.html
 * (`<meta name="shop-settings">`): the built app holds no address, and each deployment (the CDK
 * web deployment, the local gateway, vite's dev server) writes its own into the page it serves.
 */
export type PageShopSettings = Pick<ShopSettings, 'name' | 'supportEmail' | 'sisterSites'>;

export const SHOP_SETTINGS_META = 'shop-settings';

const EMPTY_META = /<meta name="shop-settings" content="" \/>/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the settings in its meta tag and the shop's name as its title. */
export function withShopSettings(html: string, settings: PageShopSettings): string {
  if (!EMPTY_META.test(html)) throw new Error('index.html has no empty <meta name="shop-settings"> to fill');
  const page: PageShopSettings = {
    name: settings.name,
    supportEmail: settings.supportEmail,
    sisterSites: settings.sisterSites,
  };
  return html
    .replace(
      EMPTY_META,
      () => `<meta name="shop-settings" content="${escapeAttribute(JSON.stringify(page))}" />`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(settings.name)}</title>`);
}
