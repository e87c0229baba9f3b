import type { DehydratedState } from '@tanstack/react-query';
import { APP_SCRIPTS_ID, type AppScripts, PAGE_DATA_ID, RENDERED_META } from '#shared/pages/rendered-page.ts';
import { START_APP_SCRIPT } from '#shared/pages/start-app.ts';
import { SHOP_SETTINGS_META } from '#shared/shop-page.ts';

/**
 * A rendered page's whole document (issue 47): the deployment's index.html (its settings written
 * in, its scripts and styles named by the build), with the rendered app in #root, the API answers
 * it was rendered from in a JSON data block the browser hydrates with, the page's own head tags,
 * and its style sheets inline (no request before the first paint); the app's own sheet the page
 * names is dropped, being inline. The app's entry, its module preloads and the page's route
 * chunks become a JSON block (APP_SCRIPTS_ID) that the page's one inline script starts after the
 * first paint (shared/pages/start-app.ts).
 */
export interface PageParts {
  /** The page's address (path and query), as the browser will have it. */
  url: string;
  rootHtml: string;
  /** The answers to hydrate with; none for a page the browser renders afresh (a piece that is gone). */
  queries?: DehydratedState;
  /** When it was rendered (the browser's first render shows time as of then). */
  at?: number;
  /** The page's route module and its chunks, asked for beside the app's entry. */
  routeScripts?: string[];
  /** Tags for the head (title, description, canonical, previews, structured data), already escaped. */
  head: string;
  /** The CSS the first screen needs (the app's sheet and the route's), in order. */
  css: string;
}

/** JSON inside HTML: no `<` (no `</script>`, no `<!--`), and the two line separators JS once refused. */
export const jsonInHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The settings a deployment wrote into its index.html (shared/shop-page.ts). */
export function settingsOf(template: string): unknown {
  const found = new RegExp(`<meta name="${SHOP_SETTINGS_META}" content="([^"]*)"`).exec(template);
  if (!found?.[1]) throw new Error('the template carries no shop settings: is it the deployed index.html?');
  const text = found[1]
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text);
}

const ROOT = '<div id="root"></div>';
const APP_SHEET = /\s*<link rel="stylesheet" crossorigin href="\/assets\/main-[\w-]+\.css">/;
const CHARSET = /<meta charset="UTF-8" \/>/;
const EARLY_SCRIPT = /\s*<script type="module" crossorigin async src="\/assets\/early-[\w-]+\.js"><\/script>/;
const APP_ENTRY = /\s*<script type="module" crossorigin src="(\/assets\/main-[\w-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/** The template without the app's script tags, and what they named. */
function withoutAppScripts(template: string): { template: string; scripts: AppScripts } {
  const entry = APP_ENTRY.exec(template)?.[1];
  if (!entry) throw new Error('the template names no app entry: is it the deployed index.html?');
  const preload = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  if (!EARLY_SCRIPT.test(template)) throw new Error('the template names no early script');
  return {
    // The early script too: its reads and preloads are for the empty app (a rendered page has its
    // answers), and the page starts the app itself (START_APP_SCRIPT).
    template: template.replace(EARLY_SCRIPT, '').replace(APP_ENTRY, '').replace(MODULE_PRELOAD, ''),
    scripts: { entry, preload },
  };
}

export function pageDocument(template: string, parts: PageParts): string {
  if (!template.includes(ROOT)) throw new Error('the template has no empty #root');
  const app = withoutAppScripts(template);
  const scripts: AppScripts = {
    ...app.scripts,
    preload: [...app.scripts.preload, ...(parts.routeScripts ?? [])],
  };
  const withoutTitle = parts.head.includes('<title>')
    ? app.template.replace(/\s*<title>[^<]*<\/title>/, '')
    : app.template;
  const first = [
    `<meta name="${RENDERED_META}" content="${escapeAttribute(parts.url)}" />`,
    `<script type="application/json" id="${APP_SCRIPTS_ID}">${jsonInHtml(scripts)}</script>`,
  ].join('\n    ');
  const head = [parts.head, `<style>${parts.css.replace(/<\/style/gi, '<\\/style')}</style>`].join('\n    ');
  if (!CHARSET.test(withoutTitle)) throw new Error('the template has no charset meta');
  return withoutTitle
    .replace(CHARSET, (charset) => `${charset}\n    ${first}`)
    .replace(APP_SHEET, '')
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace(ROOT, () => {
      const data = parts.queries
        ? `\n    <script type="application/json" id="${PAGE_DATA_ID}">${jsonInHtml({ url: parts.url, queries: parts.queries, at: parts.at })}</script>`
        : '';
      // Last: the photograph it waits for is in #root above it.
      return `<div id="root">${parts.rootHtml}</div>${data}\n    <script>${START_APP_SCRIPT}</script>`;
    });
}
