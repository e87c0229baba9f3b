import type { AnswerOf, BodyOf, Operation, ParamsArg, PathWith, PublicPaths } from './api-types.ts';
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

export type Params = Record<string, string | number | boolean | undefined | null>;

/** A path's `{name}`s filled from `params` (encoded), and the other params as its query. */
export function address(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  const used = new Set<string>();
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for {${name}}`);
    used.add(name);
    return encodeURIComponent(String(value));
  });
  for (const [key, value] of Object.entries(params)) {
    if (!used.has(key) && value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return `/api${filled}${query ? `?${query}` : ''}`;
}

declare const answers: unique symbol;
/** The address of a GET of `path` (kept with its path, so `apiGetUrl` knows what it answers). */
export type ApiUrl<P extends PathWith<PublicPaths, 'get'>> = string & { readonly [answers]: P };

export function apiUrl<P extends PathWith<PublicPaths, 'get'>>(
  path: P,
  ...[params]: ParamsArg<Operation<PublicPaths, P, 'get'>>
): ApiUrl<P> {
  return address(path, params as Params) as ApiUrl<P>;
}

/** The address of a call of any method (a beacon's POST): no answer type. */
export function callUrl<P extends keyof PublicPaths & string>(path: P, params?: Params): string {
  return address(path, params);
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

type Get<P> = Operation<PublicPaths, P, 'get'>;
type Post<P> = Operation<PublicPaths, P, 'post'>;

/** GET `path` of the public document with its query and path parameters: its 200 answer, or an ApiError. */
export function apiGet<P extends PathWith<PublicPaths, 'get'>>(
  path: P,
  ...[params, headers]: [...ParamsArg<Get<P>>, headers?: Record<string, string>]
): Promise<AnswerOf<Get<P>>> {
  return getUrl(address(path, params as Params), headers as Record<string, string> | undefined);
}

/** A GET of an address made by `apiUrl` (with `headers`, never one of the early requests). */
export function apiGetUrl<P extends PathWith<PublicPaths, 'get'>>(
  url: ApiUrl<P>,
  headers?: Record<string, string>,
): Promise<AnswerOf<Get<P>>> {
  return getUrl(url, headers);
}

/**
 * A GET of `url` of whichever document (the admin's session read is one, asked as a plain GET:
 * its 401 is an answer there, not a lost session).
 */
export async function getUrl<T>(url: string, headers?: Record<string, string>): Promise<T> {
  // The first screen's reads may already be under way (lib/early-requests.ts); a failed early
  // request is simply asked again.
  const early = headers ? undefined : takeEarly(url)?.catch(() => undefined);
  const answer =
    (await early) ?? (await send(url, { credentials: 'same-origin', ...(headers ? { headers } : {}) }));
  return read<T>(answer);
}

/** The body argument: the operation's body, or nothing (or `{}`) for one that takes none. */
export type BodyArg<O> = [BodyOf<O>] extends [never] ? undefined | Record<string, never> : BodyOf<O>;

/** POST `path` of the public document with its body (and query or path parameters): its 200 answer. */
export async function apiPost<P extends PathWith<PublicPaths, 'post'>>(
  path: P,
  body: BodyArg<Post<P>>,
  ...[params]: ParamsArg<Post<P>>
): Promise<AnswerOf<Post<P>>> {
  return read(
    await fetch(address(path, params as Params), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * The half of an answer that has `key`, for a call whose contract answers a union and whose query
 * chooses the half (GET /products with `id` is one product, without a page of them): checked, so
 * an answer of the other shape fails as a bad answer instead of drawing nonsense.
 */
export const having =
  <K extends string>(key: K) =>
  <A extends object>(answer: A): Extract<A, Record<K, unknown>> => {
    if (key in answer) return answer as Extract<A, Record<K, unknown>>;
    throw new ApiError(200, 'unexpected answer from the server');
  };
