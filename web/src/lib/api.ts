import { takeEarly } from './early-requests.ts';

/** The same-origin API under /api. Errors carry the server's `{ message }` and the status. */
export class ApiError extends Error {
  readonly status: number;
  /** The whole answer, for errors that carry more than a message (a paid order's code). */
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

type Params = Record<string, string | number | boolean | undefined | null>;

export function apiUrl(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

async function read<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(response.status, 'unexpected answer from the server');
  }
  if (!response.ok) {
    const message = (body as { message?: unknown }).message;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : response.statusText,
      body as Record<string, unknown>,
    );
  }
  return body as T;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
let serverFetch: Fetch | undefined;

/**
 * The page renderer's way to the API (web/src/render/): on the server, `/api/…` has no origin to
 * be fetched from, and the renderer answers it itself.
 */
export function answerApiWith(fetcher: Fetch): void {
  serverFetch = fetcher;
}

const send: Fetch = (url, init) => (serverFetch ?? fetch)(url, init);

export function apiGet<T>(path: string, params: Params = {}, headers?: Record<string, string>): Promise<T> {
  return apiGetUrl<T>(apiUrl(path, params), headers);
}

/** A GET of an address made by `apiUrl` (with `headers`, never one of the early requests). */
export async function apiGetUrl<T>(url: string, headers?: Record<string, string>): Promise<T> {
  // The first screen's reads may already be under way (lib/early-requests.ts); a failed early
  // request is simply asked again.
  const early = headers ? undefined : takeEarly(url)?.catch(() => undefined);
  const answer =
    (await early) ?? (await send(url, { credentials: 'same-origin', ...(headers ? { headers } : {}) }));
  return read<T>(answer);
}

export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return read<T>(
    await fetch(apiUrl(path), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
