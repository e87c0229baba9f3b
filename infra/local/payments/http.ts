import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** One request as the emulator's handlers see it: the raw body is kept (signatures, idempotency). */
export interface EmulatorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The emulator's own base URL, e.g. http://127.0.0.1:4510. */
  baseUrl: string;
}

export interface EmulatorResponse {
  status: number;
  /** An object is sent as JSON, a string as it is (with the content type given in headers). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (
  request: EmulatorRequest,
  params: string[],
) => EmulatorResponse | Promise<EmulatorResponse>;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

/** The most a request body may hold: the real APIs take a few kB. */
const maxBodyBytes = 1_000_000;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): EmulatorResponse {
  return { status, body, headers };
}

export function html(status: number, page: string, headers: Record<string, string> = {}): EmulatorResponse {
  return { status, body: page, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } };
}

export function redirect(location: string): EmulatorResponse {
  return { status: 303, body: '', headers: { location } };
}

/*
 * No CORS: the browser reaches the card stand-in only through the shop's own origin (the
 * gateway's /__payments, a fixed list of paths) and the PayPal approval page by navigation, so
 * no other origin's page may read this server's answers (its control API above all).
 */
export function send(response: ServerResponse, answer: EmulatorResponse): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...answer.headers };
  let payload = '';
  if (typeof answer.body === 'string') payload = answer.body;
  else if (answer.body !== undefined) {
    payload = JSON.stringify(answer.body);
    headers['content-type'] ??= 'application/json';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  response.writeHead(answer.status, headers);
  response.end(payload);
}

export function preflight(): EmulatorResponse {
  return { status: 204, body: '' };
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A JSON value with its object keys sorted, so two requests can be compared for equality. */
export function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
