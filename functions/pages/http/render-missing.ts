import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { logger, safeError } from '#platform/logger.ts';
import { runInScope } from '#platform/request-scope.ts';
import { pageOfKey } from '#shared/pages/public-pages.ts';
import { renderPage, type WebFiles } from '../app/page-renderer.ts';
import { ensureShopOrigin } from '../app/shop-origin.ts';
import { bucketWebFiles, PAGE_CACHE_CONTROL, putMissingPage } from '../app/web-files.ts';

/**
 * A public page the web bucket does not hold yet, rendered when it is asked (issue 47): a new piece
 * between its creation and its first render, every page before the first full re-render. The
 * edge's web behaviour is an origin group (infra/constructs/web-distribution.ts): the bucket first,
 * and on its 403/404 this function, through its URL (origin access control: only CloudFront may
 * call it). The request keeps the path the viewer-request function chose, the page's key
 * (/pages/….html): the page is rendered with the render jobs' renderer, written to the bucket
 * (only if still missing) and answered as the bucket would answer it, with its status. A page that
 * does not exist (a piece the shop never had) is answered 404 and not written: no address can fill
 * the bucket. Any path that is not a page's key is a 404 JSON answer. The local gateway runs this
 * same handler when its bucket has no such page (infra/local/stack.ts).
 */
export type Event = APIGatewayProxyEventV2;
export type Result = APIGatewayProxyStructuredResultV2;

export interface RenderMissingDeps {
  /** The deployed build to render into and the bucket to write to. */
  files: () => WebFiles;
  /** Before the first render: the shop's origin known (shop-origin.ts). */
  ready: () => Promise<void>;
  /** The render jobs' renderer (a test gives its own). */
  render?: typeof renderPage;
}

const json = (statusCode: number, message: string, headers: Record<string, string> = {}): Result => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify({ message }),
});

export function renderMissing(deps: RenderMissingDeps) {
  return async (event: Event): Promise<Result> => {
    const method = event.requestContext?.http?.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return json(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    const page = pageOfKey(event.rawPath.replace(/^\//, ''));
    if (!page) return json(404, 'Not Found');
    await deps.ready();
    const files = deps.files();
    let rendered: { html: string; status: 200 | 404 } | undefined;
    await (deps.render ?? renderPage)(page, {
      ...files,
      put: async (key, html, status) => {
        if (status === 200) await files.put(key, html, status);
        rendered = { html, status };
      },
    });
    if (!rendered) throw new Error('the renderer wrote no page');
    logger.info('a missing page rendered', { key: event.rawPath, status: rendered.status });
    return {
      statusCode: rendered.status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // As the bucket's pages: the edge keeps it a short while, browsers revalidate.
        'cache-control': rendered.status === 200 ? PAGE_CACHE_CONTROL : 'no-cache',
      },
      body: method === 'HEAD' ? '' : rendered.html,
    };
  };
}

/**
 * A render that fails: the deployed index.html, the app rendering the page in the browser as
 * before pages were rendered ahead of time, never kept by the edge; a 502 if even that fails.
 */
function answerTheApp(files: () => WebFiles): middy.MiddlewareObj<Event, Result> {
  return {
    onError: async (request) => {
      logger.error('a missing page could not be rendered', {
        key: request.event.rawPath,
        error: safeError(request.error),
      });
      try {
        request.response = {
          statusCode: 200,
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
          body: request.event.requestContext?.http?.method === 'HEAD' ? '' : await files().template(),
        };
      } catch (error) {
        logger.error('nor could the app be read', { error: safeError(error) });
        request.response = json(502, 'the page cannot be shown now. please try again later.');
      }
    },
  };
}

/** In AWS: the build and the pages in the web bucket, a missing page written only if still missing. */
export const webFiles = (): WebFiles => ({ ...bucketWebFiles(), put: putMissingPage });

/** The function's handler over its files: the render, and the app's page when the render fails. */
export function renderMissingHandler(deps: RenderMissingDeps) {
  const wrapped = middy<Event, Result>().use(answerTheApp(deps.files)).handler(renderMissing(deps));
  // Its AWS calls are the function's own (test/iam): the scope names it.
  return (event: Event, context: Context): Promise<Result> =>
    runInScope(() => wrapped(event, context), context?.functionName, context?.awsRequestId);
}

export const handler = renderMissingHandler({ files: webFiles, ready: () => ensureShopOrigin() });
