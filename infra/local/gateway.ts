import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_PREFIX, MEDIA_PREFIX } from '#shared/constants.ts';
import {
  type PageShopSettings,
  SETTINGS_PAGES,
  type SettingsPage,
  withShopSettings,
} from '#shared/shop-page.ts';
import { type Route, routeName } from '../../functions/routes.ts';
import { loadMediaEdge } from '../edge/media-path.ts';
import { loadPageStatus } from '../edge/page-response.ts';
import { isPassportPath, loadPassportEdge } from '../edge/passport-path.ts';
import { appHeaders, forPlainHttp, mediaHeaders } from '../edge/security-headers.ts';
import { edgeQuery, loadSpaFallback } from '../edge/spa-fallback.ts';
import { lambdaContext, toApiEvent } from './api-event.ts';

export type LambdaHandler = (
  event: unknown,
  context: unknown,
) => Promise<APIGatewayProxyStructuredResultV2 | string>;

export interface GatewayOptions {
  routes: readonly Route[];
  functionsDir: string;
  /** The built web app (web/dist); served at / with the SPA fallback. */
  webRoot?: string;
  /** The shop settings written into the index.html and verify.html it serves, as the CDK web deployment does. */
  shop?: PageShopSettings;
  /** s3rver base url and bucket, proxied at /media/*. */
  media?: { endpoint: string; bucket: string };
  /**
   * The payments emulator, proxied at /__payments/* in local mode so the browser's stand-in for
   * Stripe.js and the PayPal button talks to it the way they talk to the providers.
   */
  payments?: () => string | undefined;
  /**
   * The pages rendered ahead of time (issue 47): the web bucket they are written to, on the S3
   * stand-in, and what answers a key the bucket does not hold (the edge's failover origin, the
   * on-demand renderer functions/pages/http/render-missing.ts): a path under /pages/ the edge
   * function chose, or a crawlers' file.
   */
  pages?: {
    endpoint: string;
    bucket: string;
    renderMissing: (key: string, method: string) => Promise<MissingPageAnswer>;
  };
  /** Largest request body accepted, like API Gateway's payload limit. */
  maxBodyBytes?: number;
  /**
   * Where a route's handler comes from: by default its source module under functionsDir, run in
   * this process; the bundle mode gives the deployed bundles (infra/local/bundles/).
   */
  handlerFor?: (route: Route) => LambdaHandler;
  /**
   * Act as CloudFront in front of the API, as in production: the viewer's address goes in
   * CloudFront-Viewer-Address with the origin secret, and the API sees CloudFront's address.
   */
  cloudFront?: { originVerify: string };
  /**
   * The scheduled jobs, run on demand at POST /__jobs/<name> (loopback only, like the whole local
   * stack, and only with the start's job token, never from a browser: see jobRefusal): what
   * `npm run job <name>` calls. A JSON body, if any, is handed to the job (the
   * local feed of an AWS event, e.g. an SES notification).
   */
  jobs?: Record<string, (input?: unknown) => Promise<unknown>>;
  /**
   * The secret a job request must carry (`authorization: Bearer <token>`), made at each start and
   * written where `npm run job` reads it: a web page the developer opens cannot know it.
   */
  jobToken?: string;
  /**
   * Sees every answer of the API and of the public files once it is sent, with its body as sent
   * and the route the gateway chose (test runs check them against the OpenAPI documents:
   * infra/api/conformance.ts).
   */
  observe?: (answer: ObservedAnswer) => void;
}

/** An answer as the gateway sent it, for GatewayOptions.observe. */
export interface ObservedAnswer {
  method: string;
  /** The path as requested, without its query. */
  pathname: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
  /** The route table's row that answered: `GET /orders/{id}` (none for the gateway's own 404). */
  route?: string;
}

/** The on-demand renderer's answer, as its function URL gives it to CloudFront. */
export interface MissingPageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The address API Gateway sees behind CloudFront (one of CloudFront's origin-facing ranges). */
export const CLOUDFRONT_ADDRESS = '130.176.0.10';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // The release draw's script and its algorithm (web/public/draw/), as entrants download them.
  '.mjs': 'text/javascript; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const PAYMENTS_PREFIX = '/__payments';
/**
 * The only calls the browser's card stand-in makes (Stripe.js's confirm and 3-D Secure
 * answer): nothing else of the payments stand-in, and no other host, is reachable through the
 * shop's port.
 */
const PAYMENT_PATHS = /^\/v1\/payment_intents\/pi_[A-Za-z0-9]{1,64}\/(confirm|authenticate)$/;
/** The stand-in of PayPal's JavaScript SDK core script (GET only, no query, no request header passed on). */
const PAYPAL_WEB_SDK = '/web-sdk/v6/core';
/** Stripe.js's own GETs: the script (js.stripe.com/v3's stand-in) and an intent read with the publishable key. */
const PAYMENT_SCRIPT = '/v3/stripe.js';
const PAYMENT_INTENT_READ = /^\/v1\/payment_intents\/pi_[A-Za-z0-9]{1,64}$/;
const PAYMENT_READ_QUERY =
  /^\?key=pk_test_[A-Za-z0-9_]{1,200}&client_secret=pi_[A-Za-z0-9]{1,64}_secret_[A-Za-z0-9]{1,64}$/;
/** Request headers the card stand-in reads; cookies and the rest stay with the shop. */
const PAYMENT_HEADERS = ['content-type', 'content-length', 'accept'];
/** The same CloudFront Functions code the media behaviour runs in production. */
const mediaEdge = loadMediaEdge();
/** The same CloudFront Functions code the web behaviour runs: client routes to index.html, /verify to verify.html. */
const pageOf = loadSpaFallback();
/** The CloudFront Function of the passport's files, as in production. */
const passportEdge = loadPassportEdge();
/** The web behaviour's viewer-response rule: a rendered page's status from its object's metadata. */
const pageStatus = loadPageStatus();
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
/** The crawlers' files of the web bucket (functions/pages/app/site-files.ts). */
const SITE_FILES = ['/sitemap.xml', '/robots.txt'];
const compressedCache = new Map<string, Buffer>();

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

async function compressed(file: string, mtime: number, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${file}:${mtime}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = await readFile(file);
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw, { level: 9 });
    compressedCache.set(key, body);
  }
  return body;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
}

function compile(route: Route): CompiledRoute {
  const params: string[] = [];
  const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, (ch) =>
    ch === '{' || ch === '}' ? ch : `\\${ch}`,
  );
  const pattern = source.replace(/\{(\w+)\}/g, (_, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${pattern}$`), params };
}

/** The route an answer of the API came from, for GatewayOptions.observe. */
const answeredBy = new WeakMap<ServerResponse, string>();

/** Calls `seen` with the answer once it is sent: its status, content type and body bytes. */
function watch(req: IncomingMessage, res: ServerResponse, url: URL, seen: (answer: ObservedAnswer) => void) {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: never[]) => {
    keep(chunk);
    return write(chunk as never, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    keep(chunk);
    return end(chunk as never, ...rest);
  }) as typeof res.end;
  res.on('finish', () => {
    const type = res.getHeader('content-type');
    const route = answeredBy.get(res);
    try {
      seen({
        method: req.method ?? 'GET',
        pathname: url.pathname,
        status: res.statusCode,
        contentType: type === undefined ? undefined : String(type),
        body: Buffer.concat(chunks),
        ...(route ? { route } : {}),
      });
    } catch (error) {
      console.error('[gateway] the answer observer failed', error);
    }
  });
}

function json(res: ServerResponse, statusCode: number, body: unknown): void {
  // An upstream (the media store) can fail after its answer's headers went out: the client then
  // sees a cut connection, as from CloudFront, and the gateway keeps serving.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => done(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/**
 * The local stand-in for API Gateway + Lambda: the same route table, the same handler modules,
 * the same event and result shapes. Also serves the web build and the media bucket, as
 * CloudFront does in production.
 */
export function createGateway(options: GatewayOptions): Server {
  const compiled = options.routes.map(compile);
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const maxBody = options.maxBodyBytes ?? 6 * 1024 * 1024;
  // The production security headers (infra/edge/security-headers.ts) on every answer, less what
  // only holds over HTTPS: the gateway serves plain http://localhost.
  const securityOrigins = { buckets: options.media ? [new URL(options.media.endpoint).origin] : [] };
  const appSecurity = forPlainHttp(appHeaders(securityOrigins));
  const mediaSecurity = forPlainHttp(mediaHeaders());

  const loadHandler = (route: Route) => {
    let loaded = handlers.get(route.handler);
    if (!loaded && options.handlerFor) {
      loaded = Promise.resolve(options.handlerFor(route));
      handlers.set(route.handler, loaded);
    }
    if (!loaded) {
      const file = pathToFileURL(join(options.functionsDir, `${route.handler}.ts`)).href;
      loaded = import(file).then((m: { handler: LambdaHandler }) => m.handler);
      handlers.set(route.handler, loaded);
    }
    return loaded;
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(API_PREFIX.length).replace(/\/+$/, '') || '/';
    let found: { route: Route; pathParameters?: Record<string, string> } | undefined;
    for (const { route, pattern, params } of compiled) {
      if (route.method !== req.method) continue;
      const m = pattern.exec(path);
      if (!m) continue;
      const values = params.map((_, i) => decoded(m[i + 1] ?? ''));
      // API Gateway refuses a malformed %-escape before any function runs.
      if (values.some((v) => v === undefined)) return json(res, 400, { message: 'Bad Request' });
      found = {
        route,
        ...(params.length > 0
          ? { pathParameters: Object.fromEntries(params.map((p, i) => [p, values[i] as string])) }
          : {}),
      };
      break;
    }
    if (!found) return json(res, 404, { message: 'Not Found' });
    answeredBy.set(res, `${found.route.method} ${found.route.path}`);
    if (found.route.pending) return json(res, 501, { message: 'not implemented yet' });

    const body = await readBody(req, maxBody);
    if (body === 'too-large') return json(res, 413, { message: 'Request Entity Too Large' });
    const routeKey = `${found.route.method} ${API_PREFIX}${found.route.path}`;
    const event = toApiEvent(req, url, body, { routeKey, pathParameters: found.pathParameters });
    if (options.cloudFront) {
      const http = event.requestContext.http;
      event.headers['cloudfront-viewer-address'] = `${http.sourceIp}:${req.socket.remotePort ?? 0}`;
      event.headers['x-origin-verify'] = options.cloudFront.originVerify;
      http.sourceIp = CLOUDFRONT_ADDRESS;
    }
    const handler = await loadHandler(found.route);
    let result: APIGatewayProxyStructuredResultV2 | string;
    try {
      result = await handler(event, lambdaContext(routeName(found.route), event.requestContext.requestId));
    } catch (error) {
      // What API Gateway answers when a function throws.
      console.error(`[gateway] ${routeKey} threw`, error);
      return json(res, 500, { message: 'Internal Server Error' });
    }
    if (typeof result === 'string') return json(res, 200, result);
    // The policy's headers override the function's, as CloudFront's (override: true).
    const headers: Record<string, string | string[]> = {
      ...(result.headers as Record<string, string>),
      ...appSecurity,
    };
    if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(
      result.body === undefined ? '' : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
    );
  }

  function media(req: IncomingMessage, res: ServerResponse): void {
    if (!options.media || (req.method !== 'GET' && req.method !== 'HEAD')) {
      json(res, 404, { message: 'Not Found' });
      return;
    }
    // The raw path as sent, before any decoding: the edge function decodes and checks it.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const origin = mediaEdge.onRequest({ request: { uri: rawPath, querystring: {} } });
    if (!('uri' in origin)) {
      json(res, 404, { message: 'Not Found' });
      return;
    }
    const target = new URL(options.media.endpoint);
    target.pathname = `/${encodeURIComponent(options.media.bucket)}${origin.uri}`;
    const upstream = request(
      target,
      { method: req.method, headers: { range: req.headers.range ?? '' } },
      (s3res) => {
        const status = s3res.statusCode ?? 502;
        if (status >= 400) {
          s3res.resume();
          return json(res, status === 403 ? 404 : status, { message: 'Not Found' });
        }
        const pass = [
          'content-length',
          'content-range',
          'accept-ranges',
          'etag',
          'last-modified',
          'cache-control',
        ];
        const answer = mediaEdge.onResponse({
          request: origin,
          response: {
            statusCode: status,
            headers: Object.fromEntries(
              pass.filter((h) => s3res.headers[h]).map((h) => [h, { value: s3res.headers[h] as string }]),
            ),
          },
        });
        res.writeHead(status, {
          ...Object.fromEntries(Object.entries(answer.headers).map(([h, v]) => [h, v.value])),
          ...mediaSecurity,
        });
        s3res.pipe(res);
      },
    );
    upstream.on('error', () => json(res, 502, { message: 'media storage is not reachable' }));
    upstream.end();
  }

  /** The passport's public files (/passport/*, the key set's well-known name), from the media bucket. */
  function passport(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const origin = passportEdge({ request: { uri: url.pathname, querystring: {} } });
    if (!options.media || (req.method !== 'GET' && req.method !== 'HEAD') || !('uri' in origin)) {
      json(res, 404, { message: 'Not Found' });
      return;
    }
    const target = new URL(options.media.endpoint);
    target.pathname = `/${encodeURIComponent(options.media.bucket)}${origin.uri}`;
    const upstream = request(target, { method: req.method }, (s3res) => {
      const status = s3res.statusCode ?? 502;
      if (status >= 400) {
        s3res.resume();
        return json(res, status === 403 ? 404 : status, { message: 'Not Found' });
      }
      const pass = ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control'];
      res.writeHead(status, {
        ...Object.fromEntries(
          pass.filter((h) => s3res.headers[h]).map((h) => [h, s3res.headers[h] as string]),
        ),
        ...mediaSecurity,
      });
      s3res.pipe(res);
    });
    upstream.on('error', () => json(res, 502, { message: 'media storage is not reachable' }));
    upstream.end();
  }

  async function web(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!options.webRoot) return json(res, 404, { message: 'Not Found' });
    const root = resolve(options.webRoot);
    const wanted = normalize(join(root, decoded(url.pathname) ?? '/'));
    // Source maps stay in web/dist for error reports; like CloudFront, they are never served.
    const inside = wanted.startsWith(root) && !wanted.endsWith('.map');
    const found = inside && (await stat(wanted).catch(() => undefined))?.isFile();
    // The crawlers' files, written by the full re-render beside the rendered pages.
    if (!found && options.pages && SITE_FILES.includes(url.pathname))
      return renderedPage(req, res, url.pathname.slice(1));
    // As CloudFront: a path naming a file (a dot in its last segment) that is not there is a 404;
    // only client routes get a page, the app's index.html (or /verify its verify.html).
    if (!found && extname(url.pathname) !== '') return json(res, 404, { message: 'Not Found' });
    const chosen = found ? undefined : pageOf(url.pathname, edgeQuery(url.searchParams));
    // Without rendered pages (LocalStackOptions.renderedPages off), the app renders them itself.
    if (chosen?.startsWith('/pages/') && options.pages) return renderedPage(req, res, chosen.slice(1));
    const file = found
      ? wanted
      : join(root, chosen?.startsWith('/pages/') ? '/index.html' : (chosen ?? '/index.html'));
    const info = await stat(file).catch(() => undefined);
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    const settingsPage = Object.keys(SETTINGS_PAGES).find((name) => file === join(root, name));
    if (settingsPage && options.shop) return page(req, res, file, options.shop, settingsPage as SettingsPage);
    const immutable = file.includes(`${join(root, 'assets')}`);
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string | number> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    // Like CloudFront, text is sent compressed when the browser accepts it.
    const encoding = COMPRESSIBLE.test(type) ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const body = encoding ? await compressed(file, info.mtimeMs, encoding) : undefined;
    if (encoding && body) {
      headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
    } else {
      headers['content-length'] = info.size;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (body) res.end(body);
    else createReadStream(file).pipe(res);
  }

  /**
   * A page rendered ahead of time, from the web bucket as CloudFront has it: with the status its
   * object's metadata gives (404 for a piece the shop no longer has), else 200; one the bucket does not hold
   * yet is the on-demand renderer's answer (rendered now; 404 when no such page exists).
   */
  async function renderedPage(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const pages = options.pages;
    if (!pages) throw new Error('no web bucket of rendered pages');
    const stored = await fetch(`${pages.endpoint}/${pages.bucket}/${key}`).catch(() => undefined);
    // As the edge's origin group: the bucket, and on its refusal the on-demand renderer.
    const found: MissingPageAnswer = stored?.ok
      ? {
          status: pageStatus(stored.headers.get('x-amz-meta-status')) ?? 200,
          headers: {
            'content-type': stored.headers.get('content-type') ?? 'text/html',
            'cache-control': stored.headers.get('cache-control') ?? 'no-cache',
          },
          body: await stored.text(),
        }
      : await pages.renderMissing(key, req.method ?? 'GET');
    const content = Buffer.from(found.body);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body =
      encoding === 'br' ? brotliCompressSync(content) : encoding === 'gzip' ? gzipSync(content) : content;
    res.writeHead(found.status, {
      'content-type': found.headers['content-type'] ?? 'text/html',
      'cache-control': found.headers['cache-control'] ?? 'no-cache',
      ...(found.headers.allow ? { allow: found.headers.allow } : {}),
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** index.html or verify.html with the shop settings in it, revalidated on every visit like the deployed ones. */
  async function page(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    shop: PageShopSettings,
    name: SettingsPage,
  ) {
    const html = Buffer.from(withShopSettings(await readFile(file, 'utf8'), shop, name));
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : html;
    res.writeHead(200, {
      'content-type': MIME['.html'] ?? 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function payments(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const base = options.payments?.();
    const path = url.pathname.slice(PAYMENTS_PREFIX.length);
    if (base && req.method === 'GET' && url.search === '' && path === PAYPAL_WEB_SDK) {
      paypalWebSdk(base, res);
      return;
    }
    const posted = req.method === 'POST' && url.search === '' && PAYMENT_PATHS.test(path);
    const read =
      req.method === 'GET' &&
      ((path === PAYMENT_SCRIPT && url.search === '') ||
        (PAYMENT_INTENT_READ.test(path) && PAYMENT_READ_QUERY.test(url.search)));
    if (!base || !(posted || read)) {
      json(res, 404, { message: 'Not Found' });
      return;
    }
    const target = new URL(base);
    target.pathname = path;
    target.search = url.search;
    const headers = Object.fromEntries(
      PAYMENT_HEADERS.filter((h) => req.headers[h] !== undefined).map((h) => [h, req.headers[h] as string]),
    );
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      const { 'content-type': type = 'application/json' } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, { 'content-type': type, 'cache-control': 'no-store' });
      answer.pipe(res);
    });
    upstream.on('error', () => json(res, 502, { message: 'the payments stand-in is not reachable' }));
    req.pipe(upstream);
  }

  function paypalWebSdk(base: string, res: ServerResponse): void {
    const target = new URL(base);
    target.pathname = PAYPAL_WEB_SDK;
    const upstream = request(target, { method: 'GET' }, (answer) => {
      const ok = answer.statusCode === 200;
      res.writeHead(ok ? 200 : 502, {
        'content-type': ok ? 'text/javascript; charset=utf-8' : 'application/json',
        'cache-control': 'no-cache',
      });
      if (ok) answer.pipe(res);
      else {
        answer.resume();
        res.end(JSON.stringify({ message: 'the payments stand-in is not reachable' }));
      }
    });
    upstream.on('error', () => json(res, 502, { message: 'the payments stand-in is not reachable' }));
    upstream.end();
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Every answer carries its security headers, errors included (CloudFront adds them to all).
    const security =
      url.pathname.startsWith(`${MEDIA_PREFIX}/`) || isPassportPath(url.pathname)
        ? mediaSecurity
        : appSecurity;
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    const apiPath = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`);
    if (options.observe && (apiPath || isPassportPath(url.pathname))) watch(req, res, url, options.observe);
    if (url.pathname.startsWith(`${PAYMENTS_PREFIX}/`)) {
      payments(req, res, url);
      return;
    }
    const job = /^\/__jobs\/([a-z-]+)$/.exec(url.pathname)?.[1];
    if (url.pathname.startsWith('/__jobs/')) {
      const refused = jobRefusal(req, options.jobToken);
      if (refused) {
        req.resume();
        json(res, 403, { message: refused });
        return;
      }
    }
    if (job !== undefined && req.method === 'POST') {
      const run = options.jobs?.[job];
      if (!run)
        json(res, 404, { message: `no job ${job}; jobs: ${Object.keys(options.jobs ?? {}).join(', ')}` });
      else {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let input: unknown;
          try {
            input = text ? JSON.parse(text) : undefined;
          } catch {
            json(res, 400, { job, message: 'the body is not JSON' });
            return;
          }
          run(input).then(
            (result) => json(res, 200, { job, result }),
            (error: unknown) => json(res, 500, { job, message: (error as Error).message }),
          );
        });
      }
      return;
    }
    if (isPassportPath(url.pathname)) {
      passport(req, res, url);
      return;
    }
    const route = apiPath
      ? api(req, res, url)
      : url.pathname.startsWith(`${MEDIA_PREFIX}/`)
        ? Promise.resolve(media(req, res))
        : web(req, res, url);
    route.catch((error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent) json(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
}

/**
 * Why a request for a job is refused, or undefined when it may run. A job changes the shop
 * (a forged SES complaint unsubscribes a member), so it runs only for the developer's own tools:
 * - a browser marks every cross-origin request with `Origin` (and a POST even from the same
 *   origin), and modern ones add `Sec-Fetch-Site`: a request carrying either as sent from
 *   another site is refused, whatever else it holds;
 * - and the request must carry the token made at this start (`npm run job` reads it from
 *   .local/job-token; the tests get it from their stack), which no web page can know. A page
 *   cannot even try it blind: a custom `authorization` header needs a preflight the gateway
 *   never allows.
 */
export function jobRefusal(req: IncomingMessage, token: string | undefined): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (req.headers.origin !== undefined || site === 'cross-site' || site === 'same-site')
    return 'jobs are not run for a web page';
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token || !given || !sameSecret(given, token))
    return 'a job needs the token of this start (npm run job reads .local/job-token)';
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A %-decoded URL part, or undefined when its escapes are malformed. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
