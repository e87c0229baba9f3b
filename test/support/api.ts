import { request } from 'node:http';
import { inject } from 'vitest';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  /** DynamoDB requests the call cost (the local stack exposes the handler's count). */
  ddbRequests: number;
  headers: Record<string, string | string[] | undefined>;
}

export interface ApiInit {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Loopback address to send from (127.0.0.x), for limits counted per client address. */
  from?: string;
}

/** Calls the local gateway like the web app does: same origin, under /api. */
export function api<T = Record<string, unknown>>(path: string, init: ApiInit = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  // Node frames a GET/DELETE body only when told its length.
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const url = new URL(`${inject('baseUrl')}/api${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers, ...(init.from ? { localAddress: init.from } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = {};
          try {
            parsed = text ? JSON.parse(text) : {};
          } catch {
            parsed = { unparsed: text };
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed as T,
            text,
            ddbRequests: Number(res.headers['x-ddb-requests'] ?? Number.NaN),
            headers: res.headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let nextAddress = 0;
/** A loopback address no other test of this run has used (workers get their own 127.N.0.0/16). */
export function freshClientAddress(): string {
  nextAddress += 1;
  const worker = (Number(process.env.VITEST_POOL_ID ?? 0) % 200) + 10;
  return `127.${worker}.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 2}`;
}
