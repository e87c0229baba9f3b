import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { CONTENT_PATHS } from '#shared/pages/public-pages.ts';

/**
 * The web behaviour's viewer-request function (spa-fallback.js) as CloudFront takes it, and the
 * same code run for the local gateway, so both map a path to the same file.
 */
export const SPA_FALLBACK_CODE = withContentPaths(
  readFileSync(new URL('./spa-fallback.js', import.meta.url), 'utf8'),
);

/** The function takes no import: the content pages' list is written into its code. */
function withContentPaths(code: string): string {
  const empty = 'var CONTENT_PATHS = [];';
  if (!code.includes(empty)) throw new Error(`spa-fallback.js has no "${empty}" to fill`);
  return code.replace(empty, () => `var CONTENT_PATHS = ${JSON.stringify(CONTENT_PATHS)};`);
}

/** A query as CloudFront hands it to a function: each name with its value (`multiValue` when repeated). */
export type EdgeQuery = Record<string, { value: string; multiValue?: { value: string }[] }>;

export function edgeQuery(search: URLSearchParams): EdgeQuery {
  const query: EdgeQuery = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = {
      value: values[0] ?? '',
      ...(values.length > 1 ? { multiValue: values.map((value) => ({ value })) } : {}),
    };
  }
  return query;
}

/**
 * The file a viewer's path (and query) is served from: itself, a page rendered ahead of time
 * (/pages/…), index.html (a client route) or verify.html.
 */
export function loadSpaFallback(): (uri: string, query?: EdgeQuery) => string {
  const context = vm.createContext({});
  vm.runInContext(SPA_FALLBACK_CODE, context);
  const pageOf = context.pageOf as (uri: string, query: EdgeQuery) => string;
  return (uri, query = {}) => pageOf(uri, query);
}
