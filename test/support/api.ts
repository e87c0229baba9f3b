import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { inject } from 'vitest';
import { randomCheckoutKey } from './checkout-key.ts';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  /** DynamoDB requests the call cost (the local stack exposes the handler's count). */
  ddbRequests: number;
  /** scrypt hashes the handler computed (x-password-hashes, local stack only). */
  passwordHashes: number;
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
            passwordHashes: Number(res.headers['x-password-hashes'] ?? Number.NaN),
            headers: res.headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A loopback address (127.x.y.z) for limits counted per client address, random so that test
 * files, which each get their own copy of this module, do not share one (1 in 16 million).
 */
/** A checkout key as the web app makes one per piece and tab (random, base64url). */
export function newCheckoutKey(): string {
  return randomCheckoutKey();
}

export function freshClientAddress(): string {
  const [a = 1, b = 1, c = 2] = randomBytes(3);
  return `127.${(a % 250) + 1}.${b}.${(c % 250) + 2}`;
}

/** Waits (polling every 100 ms, 15 s at most) until `check` answers true; throws naming `what` otherwise. */
export async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
