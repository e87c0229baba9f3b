/**
 * What a page rendered ahead of time (issue 47) carries for the browser's app: the address it
 * was rendered for, in a meta tag of its head (the early script reads it before the body exists),
 * and the API answers it shows, in a JSON data block at the end of #root (not a script: the CSP
 * allows no inline script, and none runs).
 */
export const RENDERED_META = 'rendered-page';
export const PAGE_DATA_ID = 'page-data';

/** Where the page renderer puts the shop's settings for the app it renders (there is no document). */
export const SERVER_SHOP_SETTINGS = '__oneOfOneShopSettings';

/**
 * A rendered page names the app's scripts in a JSON block of this id instead of script tags: the
 * page's one inline script (shared/pages/start-app.ts) starts them once the first screen (and its
 * photograph) is painted, so that on a phone's slow link the photograph does not share the link
 * with ~150 KB of JavaScript.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

export interface AppScripts {
  /** The app's entry module. */
  entry: string;
  /** The modules the entry imports, asked for at once beside it. */
  preload: string[];
}
