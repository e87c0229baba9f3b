import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDGE_CACHES } from '#shared/edge-cache.ts';
import { type Route, routes } from '../../functions/routes.ts';
import { freePort, waitForPort } from '../../infra/local/ports.ts';
import { NGINX_PATH } from './nginx.ts';

/**
 * A real HTTP cache in front of the local gateway, configured like the CloudFront behaviours:
 * nginx from Debian's packages, run as a child process (never a system service) with its own
 * prefix, configuration and cache in a temporary directory, listening on loopback only.
 *
 * - Every edge-cached storefront read of the route table (`routes.filter((r) => r.edge)`) gets a
 *   location whose cache key is the path and only the query parameters the read takes, in the
 *   table's order; cookies and other headers are not in the key and not sent to the origin (a
 *   CloudFront cache policy without cookies forwards none), nor are the other query parameters.
 *   How long an answer is kept is the origin's Cache-Control (s-maxage first; nginx reads it
 *   before max-age, and test/integration/edge-cache.test.ts proves it); a class with
 *   stale-while-revalidate is refreshed in the background while the stale answer is served;
 *   simultaneous misses of one key wait for the first (`proxy_cache_lock`, as CloudFront collapses
 *   them).
 * - Every other /api path passes through uncached (admin, portal, checkout, webhooks), from the
 *   shopper's own address (`proxy_bind`), so the per-address limits see each shopper as behind
 *   CloudFront.
 * - The web app and /media pass through and are kept by their own Cache-Control (the hashed
 *   assets for a year, index.html not at all), keyed by path as CloudFront's CachingOptimized.
 *
 * `X-Cache-Status` tells each answer's fate (HIT, MISS, EXPIRED, STALE, UPDATING; empty when not
 * cacheable); the access log has one JSON line per request, with the upstream's address when the
 * origin was asked, the origin's DynamoDB request count and the times.
 */

export { NGINX_PATH };

export interface EdgeCacheOptions {
  /** The local gateway, e.g. http://localhost:4000. */
  origin: string;
  /** Port to listen on (loopback); 0 or absent picks a free one. */
  port?: number;
  /** false: every request passes through to the origin (today's CloudFront for /api), logged alike. */
  cache?: boolean;
  /** Routes to cache (default: the route table's edge-cached reads). */
  routes?: readonly Route[];
}

export interface EdgeCache {
  url: string;
  port: number;
  accessLog: string;
  /** The access log's lines so far (from byte `from`). */
  readLog(from?: number): { lines: AccessLine[]; size: number };
  stop(): Promise<void>;
}

/** One line of the access log (log_format `edge`). */
export interface AccessLine {
  /** Seconds since the epoch, with milliseconds. */
  time: number;
  method: string;
  uri: string;
  status: number;
  /** $upstream_cache_status: HIT, MISS, EXPIRED, STALE, UPDATING, BYPASS, REVALIDATED, or ''. */
  cache: string;
  /** The origin's address when it was asked ('' when the answer came from the cache). */
  upstream: string;
  /** nginx's time for the request, ms. */
  ms: number;
  /** The origin's x-ddb-requests (local stack), when the origin was asked. */
  ddb: number;
}

/** `/products/{id}` → a regex location; a plain path → an exact one. */
function locationOf(route: Route): string {
  const path = `/api${route.path}`;
  if (!path.includes('{')) return `location = ${path}`;
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\}/g, '[^/]+');
  return `location ~ ^${pattern}$`;
}

/** nginx variable names are lower case letters, digits and _; a query name is mapped onto one. */
const varName = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/**
 * One map per query parameter the cached reads use: whether the parameter is in the query at all,
 * so `?gender=` and no gender are different keys (and forwarded as sent), as CloudFront does.
 */
function presenceMaps(names: readonly string[]): string[] {
  return names.map((name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return `  map $args $edge_has_${varName(name)} { "~(^|&)${escaped}(=|&|$)" 1; default 0; }`;
  });
}

function cachedLocation(route: Route, cache: boolean): string[] {
  const edge = route.edge;
  if (!edge) throw new Error(`${route.path} is not edge-cached`);
  const cls = EDGE_CACHES[edge.cache];
  // The key: the raw path, then each parameter the read takes, present or not, in the table's order.
  const keyParts = edge.query.map((q) => `${q}$edge_has_${varName(q)}=$arg_${varName(q)}`);
  const forward = edge.query.flatMap((q) => [
    `    if ($edge_has_${varName(q)}) { set $edge_query "\${edge_query}${q}=$arg_${varName(q)}&"; }`,
  ]);
  return [
    `  # ${route.method} ${route.path}: ${edge.cache} (s-maxage ${cls.sMaxAge} s, stale-while-revalidate ${cls.staleWhileRevalidate} s), key: path${edge.query.map((q) => ` + ${q}`).join('')}`,
    `  ${locationOf(route)} {`,
    '    set $edge_query "";',
    ...forward,
    // Other methods on the same path (staff's POST /films) pass as sent, with their cookies.
    '    if ($edge_read = 0) { set $edge_query $args; }',
    ...(cache
      ? [
          '    proxy_cache edge;',
          `    proxy_cache_key "$edge_path?${keyParts.join('&')}";`,
          '    proxy_cache_lock on;',
          '    proxy_cache_lock_timeout 10s;',
          '    proxy_cache_lock_age 10s;',
          // stale-while-revalidate: nginx reads the window from the answer's Cache-Control and
          // serves the stale answer only inside it, refreshing it in the background (as CloudFront).
          // \`proxy_cache_use_stale updating\` is not set for these: it would serve a stale answer
          // at any age, past the window. Without the extension (availability), the request that
          // finds the answer expired asks the origin, and those arriving during that one fetch get
          // the answer it replaces (UPDATING), as CloudFront collapses them: the bound grows by
          // one origin fetch.
          cls.staleWhileRevalidate > 0
            ? '    proxy_cache_background_update on;'
            : '    proxy_cache_use_stale updating;',
        ]
      : []),
    ...originHeaders('$edge_cookie', '    '),
    '    proxy_bind $edge_bind;',
    '    proxy_pass http://$edge_upstream$edge_path$edge_is_args$edge_query;',
    '  }',
  ];
}

/**
 * The request headers to the origin (a location that sets one must set all: nginx inherits
 * none then): kept-alive connections, the viewer's Host, and the cookie or none.
 */
function originHeaders(cookie: string, indent: string): string[] {
  return [
    `${indent}proxy_set_header Connection "";`,
    `${indent}proxy_set_header Host $http_host;`,
    `${indent}proxy_set_header Cookie ${cookie};`,
  ];
}

/** The nginx configuration (one server on loopback) for an origin. */
export function edgeCacheConfig(
  dir: string,
  options: { origin: string; port: number; cache: boolean; routes: readonly Route[] },
): string {
  const origin = new URL(options.origin);
  const originAddress = `${origin.hostname === 'localhost' ? '127.0.0.1' : origin.hostname}:${origin.port}`;
  const cached = options.routes.filter((r) => r.edge && r.method === 'GET');
  const names = [...new Set(cached.flatMap((r) => r.edge?.query ?? []))];
  const asRoot = process.getuid?.() === 0;
  return [
    '# Generated by test/load/edge-cache.ts from functions/routes.ts: do not edit.',
    ...(asRoot ? ['user root;'] : []),
    'worker_processes 1;',
    'worker_rlimit_nofile 8192;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  client_body_temp_path ${join(dir, 'client-body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    `  proxy_cache_path ${join(dir, 'cache')} levels=1:2 keys_zone=edge:10m max_size=256m inactive=10m use_temp_path=off;`,
    '  log_format edge escape=json \'{"time":"$msec","method":"$request_method","uri":"$request_uri",\'',
    '    \'"status":"$status","cache":"$upstream_cache_status","upstream":"$upstream_addr",\'',
    '    \'"ms":"$request_time","ddb":"$upstream_http_x_ddb_requests"}\';',
    `  access_log ${join(dir, 'access.log')} edge;`,
    // A background refresh (stale-while-revalidate) is a subrequest: logged too, as it reaches the
    // origin. Viewers' requests are counted by the client; origin requests by these lines.
    '  log_subrequest on;',
    '  client_max_body_size 8m;',
    '  server_tokens off;',
    // The origin: reads share kept-alive connections; everything else comes from the shopper's own
    // address (the gateway counts per-address limits from the connection's address).
    '  upstream edge_origin {',
    `    server ${originAddress};`,
    '    keepalive 64;',
    '  }',
    '  upstream edge_origin_bound {',
    `    server ${originAddress};`,
    '  }',
    '  map $request_method $edge_read { GET 1; HEAD 1; default 0; }',
    '  map $edge_read $edge_upstream { 1 edge_origin; default edge_origin_bound; }',
    '  map $edge_read $edge_bind { 1 ""; default $remote_addr; }',
    '  map $edge_read $edge_cookie { 1 ""; default $http_cookie; }',
    '  map $request_uri $edge_path { "~^(?<path>[^?]*)" $path; default $uri; }',
    '  map $edge_query $edge_is_args { "" ""; default ?; }',
    ...presenceMaps(names),
    '  server {',
    `    listen 127.0.0.1:${options.port};`,
    '    proxy_http_version 1.1;',
    '    add_header X-Cache-Status $upstream_cache_status always;',
    ...cached.flatMap((r) => cachedLocation(r, options.cache).map((line) => `  ${line}`)),
    '    # Every other API path: admin, portal, checkout, webhooks. Never cached.',
    '    location /api/ {',
    ...originHeaders('$http_cookie', '      '),
    '      proxy_bind $remote_addr;',
    '      proxy_pass http://edge_origin_bound;',
    '    }',
    '    # The media bucket and the web app: kept by their own Cache-Control, keyed by path.',
    '    location /media/ {',
    ...(options.cache
      ? ['      proxy_cache edge;', '      proxy_cache_key $uri;', '      proxy_cache_lock on;']
      : []),
    ...originHeaders('""', '      '),
    '      proxy_pass http://edge_origin;',
    '    }',
    '    location / {',
    ...(options.cache
      ? ['      proxy_cache edge;', '      proxy_cache_key $uri;', '      proxy_cache_lock on;']
      : []),
    ...originHeaders('""', '      '),
    '      proxy_pass http://edge_origin;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

function parseLine(text: string): AccessLine | undefined {
  try {
    const raw = JSON.parse(text) as Record<string, string>;
    return {
      time: Number(raw.time),
      method: raw.method ?? '',
      uri: raw.uri ?? '',
      status: Number(raw.status),
      cache: raw.cache ?? '',
      upstream: raw.upstream ?? '',
      ms: Number(raw.ms) * 1000,
      ddb: Number(raw.ddb) || 0,
    };
  } catch {
    return undefined;
  }
}

/** Starts nginx in front of the origin; fails with one clear line when nginx is not installed. */
export async function startEdgeCache(options: EdgeCacheOptions): Promise<EdgeCache> {
  if (!existsSync(NGINX_PATH))
    throw new Error(
      `nginx is not installed at ${NGINX_PATH}: apt-get install -y nginx (or set NGINX_PATH); npm test installs it when run as root`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'edge-cache-'));
  for (const sub of ['cache', 'proxy', 'client-body', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = options.port || (await freePort());
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    edgeCacheConfig(dir, {
      origin: options.origin,
      port,
      cache: options.cache ?? true,
      routes: options.routes ?? routes,
    }),
  );
  const errorLog = join(dir, 'error.log');
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ['-p', dir, '-c', conf, '-e', errorLog, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const failed = exited.then((code) => {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
    throw new Error(`nginx exited (${code}): ${stderr}${log}`.slice(0, 2000));
  });
  try {
    await Promise.race([waitForPort(port, 15_000), failed]);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  failed.catch(() => undefined);
  const accessLog = join(dir, 'access.log');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog,
    readLog(from = 0) {
      const buffer = existsSync(accessLog) ? readFileSync(accessLog) : Buffer.alloc(0);
      const text = buffer.subarray(from).toString('utf8');
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map(parseLine)
        .filter((l): l is AccessLine => l !== undefined);
      return { lines, size: buffer.length };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
