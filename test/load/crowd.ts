import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { percentile } from '../bench/stats.ts';
import type { Page } from './walk.ts';

/**
 * The crowd of shoppers, in a process of its own (so the load generator does not share the local
 * stack's event loop): autocannon with one connection per shopper, each walking the pages in
 * order, every call one after another (a browser asks a page's calls at once; the page's time
 * here is their sum, an upper bound). Run as `node test/load/crowd.ts '<json CrowdOptions>'`;
 * prints CrowdFigures as JSON.
 */

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonRequest {
  method: string;
  path: string;
  onResponse: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
}
interface AutocannonResult {
  requests: { total: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  timeout: number;
  requests: AutocannonRequest[];
}) => EventEmitter & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface CrowdOptions {
  /** The cache (or the origin) to walk, e.g. http://127.0.0.1:8080. */
  url: string;
  connections: number;
  seconds: number;
  /** Requests per second across all connections (autocannon's overallRate); 0: as fast as answered. */
  rate: number;
  /** Walks one after another; each connection goes round all of them. */
  walks: Page[][];
}

export interface ReadFigures {
  read: string;
  calls: number;
  p50Ms: number;
  p99Ms: number;
  /** HIT, MISS, EXPIRED, STALE, UPDATING, … ('none' when the answer said nothing: no cache). */
  cache: Record<string, number>;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
}

export interface CrowdFigures {
  seconds: number;
  rate: number;
  connections: number;
  requests: number;
  /** Bytes of the answers, headers included. */
  bytes: number;
  pageViews: number;
  pageP50Ms: number;
  pageP99Ms: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  timeouts: number;
  non2xx: number;
  reads: ReadFigures[];
}

export async function runCrowd(options: CrowdOptions): Promise<CrowdFigures> {
  const calls = options.walks.flatMap((walk) =>
    walk.flatMap((page) =>
      page.calls.map((call, i) => ({ ...call, first: i === 0, last: i === page.calls.length - 1 })),
    ),
  );
  const times = new Map<string, number[]>();
  const caches = new Map<string, Record<string, number>>();
  const statuses = new Map<string, Record<string, number>>();
  const pageTimes: number[] = [];
  const pageSoFar = new Map<unknown, number>();
  // onResponse (which knows the call) runs just before the 'response' event (which knows the time).
  let answered: { index: number } | undefined;
  const bump = (map: Map<string, Record<string, number>>, read: string, key: string) => {
    const counts = map.get(read) ?? {};
    counts[key] = (counts[key] ?? 0) + 1;
    map.set(read, counts);
  };

  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate > 0 ? { overallRate: options.rate } : {}),
    timeout: 20,
    requests: calls.map((call, index) => ({
      method: 'GET',
      path: call.path,
      onResponse: (status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
        answered = { index };
        bump(statuses, call.read, String(status));
        // Raw header names, as sent (nginx writes X-Cache-Status).
        const cache = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-cache-status')?.[1];
        bump(caches, call.read, String(cache || 'none'));
      },
    })),
  });
  instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
    const index = answered?.index;
    answered = undefined;
    if (index === undefined) return;
    const call = calls[index];
    if (!call) return;
    const list = times.get(call.read) ?? [];
    list.push(ms);
    times.set(call.read, list);
    const sum = (call.first ? 0 : (pageSoFar.get(client) ?? 0)) + ms;
    if (call.last) {
      pageTimes.push(sum);
      pageSoFar.delete(client);
    } else pageSoFar.set(client, sum);
  });
  const result = await instance;
  return {
    seconds: options.seconds,
    rate: options.rate,
    connections: options.connections,
    requests: result.requests.total,
    bytes: result.throughput.total,
    pageViews: pageTimes.length,
    pageP50Ms: percentile(pageTimes, 50),
    pageP99Ms: percentile(pageTimes, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    reads: [...times.entries()].map(([read, list]) => ({
      read,
      calls: list.length,
      p50Ms: percentile(list, 50),
      p99Ms: percentile(list, 99),
      cache: caches.get(read) ?? {},
      statuses: statuses.get(read) ?? {},
    })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.argv[2] ?? '{}') as CrowdOptions;
  const figures = await runCrowd(options);
  process.stdout.write(JSON.stringify(figures));
}
