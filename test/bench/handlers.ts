import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Handler } from '#platform/handler.ts';
import { routeKey, routeName } from '../../functions/routes.ts';
import { lambdaContext, toApiEvent } from '../../infra/local/api-event.ts';
import { median, percentile } from './stats.ts';
import type { StorefrontCall } from './storefront.ts';

/**
 * Warm latency of each storefront handler, called in-process the way the local gateway calls it
 * (same module, same API Gateway v2 event, same Lambda context) against the local stack's
 * DynamoDB Local, and the DynamoDB requests each call makes (the middy stack counts them per
 * invocation and, with EXPOSE_DDB_REQUEST_COUNT, returns the count as `x-ddb-requests`).
 */

const functionsDir = join(import.meta.dirname, '../../functions');

export interface HandlerLatency {
  routeKey: string;
  handler: string;
  read: boolean;
  calls: number;
  /** Rounds the calls were spread over (the other handlers measured in between). */
  rounds: number;
  p50Ms: number;
  p99Ms: number;
  /** Distinct DynamoDB request counts seen over the timed calls (one value when stable). */
  ddbRequests: number[];
  expectedDdbRequests: number;
  /** Answers other than 200 during the timed calls. */
  failures: number;
  /** Each timed call's milliseconds, in order. */
  times: number[];
  note?: string;
}

/** A request as the gateway's HTTP server would have received it. */
function fakeRequest(method: string, clientAddress: string, hasBody: boolean): IncomingMessage {
  const headers: Record<string, string> = {
    host: 'localhost',
    'user-agent': 'boutique-bench',
    accept: 'application/json',
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
  };
  return {
    method,
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: clientAddress },
  } as unknown as IncomingMessage;
}

/** 10.x.y.z, a different address for each call number. */
const clientFor = (call: number) => `10.${(call >> 16) & 255}.${(call >> 8) & 255}.${call & 255}`;

export async function measureHandler(
  call: StorefrontCall,
  /** `firstCall`: numbers the calls on from there, so a later round's inputs are new ones. */
  options: { warmup: number; calls: number; firstCall?: number },
): Promise<HandlerLatency> {
  const { route, sample } = call;
  const module = (await import(pathToFileURL(join(functionsDir, `${route.handler}.ts`)).href)) as {
    handler: Handler;
  };
  const key = routeKey(route);
  const name = routeName(route);
  let counter = options.firstCall ?? 0;
  const invoke = async () => {
    const n = counter++;
    const body = sample.body ? Buffer.from(JSON.stringify(sample.body(n))) : Buffer.alloc(0);
    const req = fakeRequest(
      route.method,
      sample.distinctClients ? clientFor(n) : '127.0.0.1',
      body.length > 0,
    );
    const url = new URL(`/api${sample.path}`, 'http://localhost');
    const event = toApiEvent(req, url, body, {
      routeKey: key,
      ...(sample.pathParameters ? { pathParameters: sample.pathParameters } : {}),
    });
    const context = lambdaContext(name, event.requestContext.requestId);
    const started = performance.now();
    const result = await module.handler(event, context);
    const ms = performance.now() - started;
    const ddb = Number(result.headers?.['x-ddb-requests'] ?? Number.NaN);
    return { ms, status: result.statusCode ?? 200, ddb, body: result.body };
  };

  for (let i = 0; i < options.warmup; i++) {
    const answer = await invoke();
    if (answer.status !== 200) {
      throw new Error(`${key} (${sample.path}) answered ${answer.status} ${answer.body}: fix its sample`);
    }
  }
  const times: number[] = [];
  const ddb = new Set<number>();
  let failures = 0;
  for (let i = 0; i < options.calls; i++) {
    const answer = await invoke();
    times.push(answer.ms);
    ddb.add(answer.ddb);
    if (answer.status !== 200) failures++;
  }
  return {
    routeKey: key,
    handler: route.handler,
    read: call.read,
    calls: options.calls,
    rounds: 1,
    p50Ms: median(times),
    p99Ms: percentile(times, 99),
    times,
    ddbRequests: [...ddb].sort((a, b) => a - b),
    expectedDdbRequests: sample.ddbRequests,
    failures,
    ...(sample.distinctClients
      ? {
          note: 'each call a new e-mail address from a new client address (its limit is counted per address)',
        }
      : sample.body
        ? { note: 'each call stores a new answer (new e-mail address)' }
        : {}),
  };
}

/**
 * One handler's rounds as one sample: the timed calls of every round pooled, so a p99 counts
 * the slowest 1% of all of them rather than a single round's noise.
 */
export function poolRounds(rounds: HandlerLatency[]): HandlerLatency {
  const [first, ...rest] = rounds;
  if (!first) throw new Error('no rounds to pool');
  const times = rounds.flatMap((r) => r.times);
  return {
    ...first,
    calls: times.length,
    rounds: rounds.length,
    p50Ms: median(times),
    p99Ms: percentile(times, 99),
    ddbRequests: [...new Set(rounds.flatMap((r) => r.ddbRequests))].sort((a, b) => a - b),
    failures: first.failures + rest.reduce((sum, r) => sum + r.failures, 0),
    times,
  };
}
