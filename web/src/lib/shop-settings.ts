import { SERVER_SHOP_SETTINGS } from '#shared/pages/rendered-page.ts';
import { type PageShopSettings, SHOP_SETTINGS_META } from '#shared/shop-page.ts';

/**
 * This deployment's shop settings, from the meta tag the deployment wrote into index.html
 * (shared/shop-page.ts). A page served without them says so on the console, which every browser
 * test treats as a failure, and shows no address rather than a wrong one.
 */
function read(): PageShopSettings {
  // On the server (web/src/render/), the renderer's settings: those of the page it renders.
  if (typeof document === 'undefined') {
    const settings = (globalThis as { [SERVER_SHOP_SETTINGS]?: PageShopSettings })[SERVER_SHOP_SETTINGS];
    if (!settings) throw new Error(`the page renderer set no ${SERVER_SHOP_SETTINGS} before loading the app`);
    return settings;
  }
  const content = document.querySelector(`meta[name="${SHOP_SETTINGS_META}"]`)?.getAttribute('content');
  try {
    if (content) return JSON.parse(content) as PageShopSettings;
  } catch {
    // reported below
  }
  console.error('index.html carries no shop settings (<meta name="shop-settings">)');
  return { name: 'One of One Luxury', supportEmail: '', sisterSites: [] };
}

export const SHOP: PageShopSettings = read();
