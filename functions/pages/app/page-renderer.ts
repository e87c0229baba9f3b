import { type PublicPage, pageKey, pagePath } from '#shared/pages/public-pages.ts';
import { SERVER_SHOP_SETTINGS } from '#shared/pages/rendered-page.ts';
import { pageDocument, settingsOf } from './page-document.ts';
import { collectionFacts, firstPicturePreload, headOf } from './page-head.ts';
import { siteOf } from './page-site.ts';
import { storefrontApi } from './storefront-api.ts';

/**
 * One public page rendered (issue 47): the app rendered on the server for the page's canonical
 * address (web/src/render/render-page.tsx, built for Node as `#web-render`) from the shop's own
 * read handlers, in the deployment's index.html, written to the web bucket under the page's key.
 * A piece the shop no longer has is written as a page that is gone (its status 404), which the
 * edge answers with that status; so is a collection's page the shop does not show (the collection
 * deleted, made single or not single, or not on that gender's list any more).
 */
export interface WebFiles {
  /** index.html as deployed, its shop settings written in (shared/shop-page.ts). */
  template(): Promise<string>;
  /** A file of the deployed web build by its path (`/assets/main-….css`). */
  file(path: string): Promise<string>;
  /** Writes a rendered page under `key`; a page that is gone with its status. */
  put(key: string, html: string, status: 200 | 404): Promise<void>;
}

export interface RenderedPage {
  key: string;
  status: 200 | 404;
}

const webRender = () => import('#web-render');

/** An address no route of the app serves: its not-found page. */
const NOT_FOUND_PATH = '/__not-found';

/**
 * Renders `page` from the table as it is now and writes it; `gone` writes the not-found page in
 * its place without rendering it (its subject was deleted).
 */
export async function renderPage(
  page: PublicPage,
  files: WebFiles,
  options: { gone?: boolean } = {},
): Promise<RenderedPage> {
  const template = await files.template();
  const scope = globalThis as { [SERVER_SHOP_SETTINGS]?: unknown };
  scope[SERVER_SHOP_SETTINGS] ??= settingsOf(template);
  const { renderRoot, stylesOfPage, scriptsOfPage } = await webRender();
  const url = pagePath(page);
  // A collection's page the shop does not show is not rendered at all (its landing would leave).
  const shows =
    !options.gone &&
    (page.kind !== 'collection' || (await collectionFacts(storefrontApi, page)) !== undefined);
  const root = shows ? await renderRoot(url, storefrontApi) : undefined;
  const gone =
    !root ||
    root.status === 404 ||
    (page.kind === 'piece' &&
      root.failed.some((read) => read.queryKey[0] === 'product' && read.status === 404));
  const css = (await Promise.all(stylesOfPage(page).map((path) => files.file(path)))).join('\n');
  // A piece the shop does not have: the app's not-found page, which the browser renders afresh.
  const shown = gone ? await renderRoot(NOT_FOUND_PATH, storefrontApi) : root;
  const head = gone
    ? ''
    : `${firstPicturePreload(shown.html)}\n${await headOf(page, storefrontApi, siteOf(template))}`;
  const html = pageDocument(template, {
    url,
    rootHtml: shown.html,
    ...(gone ? {} : { queries: shown.queries, at: shown.at, routeScripts: scriptsOfPage(page) }),
    head,
    css,
  });
  const key = pageKey(page);
  const status = gone ? 404 : 200;
  await files.put(key, html, status);
  return { key, status };
}
