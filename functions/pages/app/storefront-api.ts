import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { currentScope } from '#platform/request-scope.ts';
import { type Route, routes } from '../../routes.ts';

/**
 * The API as the page renderer asks it (web/src/render/render-page.tsx): the shop's own public
 * read handlers, run in this process with the event API Gateway would give them, so a rendered
 * page shows exactly the answers the browser would get, and the browser hydrates with them. Only
 * the storefront's public reads are answered (the edge-cached ones and the draws'); anything else
 * is a 404, as no page read should ask it.
 */
type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string>;

/** Each read's handler module, by the route table's handler name (imported statically: bundled). */
const HANDLERS: Record<string, () => Promise<{ handler: Handler }>> = {
  'catalog/http/get-pro-related-video': () => import('#catalog/http/get-pro-related-video.ts'),
  'catalog/http/get-type-by-gender': () => import('#catalog/http/get-type-by-gender.ts'),
  'catalog/http/has-single-product': () => import('#catalog/http/has-single-product.ts'),
  'catalog/http/get-imgs-by-pid': () => import('#catalog/http/get-imgs-by-pid.ts'),
  'catalog/http/get-type': () => import('#catalog/http/get-type.ts'),
  'catalog/http/has-sizes': () => import('#catalog/http/has-sizes.ts'),
  'catalog/http/size-guides-for-product': () => import('#catalog/http/size-guides-for-product.ts'),
  'size-finder/http/all-steps-by-tid': () => import('#size-finder/http/all-steps-by-tid.ts'),
  'catalog/http/sizes-by-type': () => import('#catalog/http/sizes-by-type.ts'),
  'catalog/http/get-next-color': () => import('#catalog/http/get-next-color.ts'),
  'catalog/http/get-product-id-by-color': () => import('#catalog/http/get-product-id-by-color.ts'),
  'catalog/http/get-product-info': () => import('#catalog/http/get-product-info.ts'),
  'catalog/http/get-product-details-info': () => import('#catalog/http/get-product-details-info.ts'),
  'catalog/http/get-vid-by-pid': () => import('#catalog/http/get-vid-by-pid.ts'),
  'catalog/http/is-sold': () => import('#catalog/http/is-sold.ts'),
  'catalog/http/price-with-shipping': () => import('#catalog/http/price-with-shipping.ts'),
  'catalog/http/get-product': () => import('#catalog/http/get-product.ts'),
  'catalog/http/get-films': () => import('#catalog/http/get-films.ts'),
  'members/http/get-terms': () => import('#members/http/get-terms.ts'),
  'draws/http/open-draws': () => import('#draws/http/open-draws.ts'),
  'draws/http/get-draw': () => import('#draws/http/get-draw.ts'),
};

/** The reads a rendered page may make: public GETs that only read the table. */
export const RENDER_READS: readonly Route[] = routes.filter(
  (route) => route.method === 'GET' && route.auth === 'public' && route.handler in HANDLERS,
);

const API_PREFIX = '/api';

function match(path: string): { route: Route; pathParameters?: Record<string, string> } | undefined {
  for (const route of RENDER_READS) {
    const names: string[] = [];
    const pattern = route.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (!found) continue;
    if (names.length === 0) return { route };
    try {
      return {
        route,
        pathParameters: Object.fromEntries(
          names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
        ),
      };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const notFound = () =>
  new Response(JSON.stringify({ message: 'Not Found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

/** `fetch` for `/api/…` reads, answered by the handlers themselves. */
export async function storefrontApi(url: string): Promise<Response> {
  const address = new URL(url, 'https://render.local');
  if (!address.pathname.startsWith(`${API_PREFIX}/`)) return notFound();
  const found = match(address.pathname.slice(API_PREFIX.length));
  const load = found && HANDLERS[found.route.handler];
  if (!found || !load) return notFound();
  const { handler } = await load();
  const routeKey = `GET ${API_PREFIX}${found.route.path}`;
  const query: Record<string, string> = {};
  for (const [name, value] of address.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const now = Date.now();
  const requestId = randomUUID();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: address.pathname,
    rawQueryString: address.search.replace(/^\?/, ''),
    headers: { 'user-agent': 'one-of-one-page-renderer' },
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(found.pathParameters ? { pathParameters: found.pathParameters } : {}),
    requestContext: {
      accountId: 'render',
      apiId: 'render',
      domainName: 'render.local',
      domainPrefix: 'render',
      http: {
        method: 'GET',
        path: address.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'one-of-one-page-renderer',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
  const result = await handler(event, renderContext(requestId));
  if (typeof result === 'string')
    return new Response(result, { status: 200, headers: { 'content-type': 'application/json' } });
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  const body = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
  return new Response(body, { status: result.statusCode ?? 200, headers });
}

function renderContext(requestId: string): Context {
  const deadline = Date.now() + 10_000;
  // The reads are the rendering function's own (its AWS calls, its IAM): its name, not a handler's
  // (the scope's in process, Lambda's in its bundle).
  const functionName =
    currentScope()?.functionName ?? process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'page-renderer';
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:render:000000000000:function:page-renderer',
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/page-renderer',
    logStreamName: 'render',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
