import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/v4/core';
import { logger, safeError } from '#platform/logger.ts';
import { currentScope, runInScope } from '#platform/request-scope.ts';
import { cacheControlOf, type EdgeCacheName } from '#shared/edge-cache.ts';
import { isSpecMessage } from '#shared/spec-messages.ts';
import { safeParse } from '#shared/zod.ts';

/**
 * The one middy stack every endpoint uses: structured logs with the request id, JSON body
 * parsing, zod validation of query, path and body (→ 400), JSON answers, and JSON errors with
 * no stack trace (500 only for real faults, logged with the request id).
 */
export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

interface Schemas {
  query?: z.$ZodType;
  path?: z.$ZodType;
  body?: z.$ZodType;
  /** The 200 answer's contract (shared/contracts/): the handler's return type, and checked locally. */
  response?: z.$ZodType;
  /** A storefront read served from the edge (shared/edge-cache.ts): its 200 answers say how long. */
  cache?: EdgeCacheName;
}

/** What `fn` may return: the 200 body its contract describes, or a full response of its own. */
type Answer<S extends Schemas> = S['response'] extends z.$ZodType
  ? z.input<S['response']> | FullResponse
  : unknown;

type Parsed<S extends Schemas> = {
  query: S['query'] extends z.$ZodType ? z.output<S['query']> : undefined;
  path: S['path'] extends z.$ZodType ? z.output<S['path']> : undefined;
  body: S['body'] extends z.$ZodType ? z.output<S['body']> : undefined;
};

const fullResponse = Symbol('fullResponse');

/** A handler result with its own status, headers or cookies; anything else is a 200 JSON body. */
export interface FullResponse {
  [fullResponse]: true;
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
  /** The body is a string sent as it is (an HTML page, with its own content-type), not JSON. */
  raw?: true;
}

export function respond(
  statusCode: number,
  body?: unknown,
  extra: Omit<Partial<FullResponse>, typeof fullResponse> = {},
): FullResponse {
  return { [fullResponse]: true, statusCode, body, ...extra };
}

interface ValidatedEvent<S extends Schemas> extends ApiEvent {
  input: Parsed<S>;
}

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** Spec messages are shown word for word; other issues name the field they concern. */
function describeIssues(error: z.$ZodError): string {
  const messages = error.issues.map((issue) =>
    isSpecMessage(issue.message) || issue.path.length === 0
      ? issue.message
      : `${issue.path.join('.')}: ${issue.message}`,
  );
  return [...new Set(messages)].join('; ');
}

function validation<S extends Schemas>(schemas: S): MiddlewareObj<ValidatedEvent<S>, ApiResult> {
  const validateInputBefore = (request: { event: ValidatedEvent<S> }): void => {
    const { event } = request;
    const parse = (schema: z.$ZodType | undefined, value: unknown) => {
      if (!schema) return undefined;
      const result = safeParse(schema, value);
      if (!result.success) throw badInput(describeIssues(result.error));
      return result.data;
    };
    event.input = {
      query: parse(schemas.query, event.queryStringParameters ?? {}),
      path: parse(schemas.path, event.pathParameters ?? {}),
      body: parse(schemas.body, event.body),
    } as Parsed<S>;
  };
  return { before: validateInputBefore };
}

class BadInput extends Error {
  readonly statusCode = 400;
}
const badInput = (message: string) => new BadInput(message);

function exposedError(error: unknown): { statusCode: number; message: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, expose } = error as { statusCode?: number; expose?: boolean };
  if (error instanceof BadInput) return { statusCode: 400, message: error.message };
  // Only what our code (httpError) or middy chose to show. A provider's or an SDK's error carries
  // a status of its own (Stripe's 404 "No such payment_intent", a 401 or 429): never passed on.
  if (typeof statusCode !== 'number' || expose !== true) return undefined;
  // The body parser's own wording is replaced by ours; the status stays a 4xx either way.
  if (statusCode === 415) return { statusCode: 415, message: 'send the body as application/json' };
  if (statusCode === 422) return { statusCode: 400, message: 'the request body is not valid JSON' };
  return { statusCode, message: error.message };
}

/**
 * The local stack (and so every integration and browser test) sets CHECK_RESPONSES: a 200
 * answer that does not match its route's contract is then a 500 with the mismatch logged, so a
 * contract and its handler cannot drift apart unnoticed. In AWS the check is skipped.
 */
function checkAgainstContract(schema: z.$ZodType | undefined, body: unknown): void {
  if (!schema || process.env.CHECK_RESPONSES !== 'true') return;
  const result = safeParse(schema, body);
  if (!result.success) {
    logger.error('answer does not match its contract', { issues: result.error.issues.slice(0, 5) });
    throw new Error('answer does not match its contract');
  }
}

/**
 * What a payment provider's error says for the log (never for the client): its status, type,
 * code and request id (Stripe's `requestId`, PayPal's `paypal-debug-id`), to find it on their side.
 */
export function upstreamFailure(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as {
    statusCode?: unknown;
    type?: unknown;
    code?: unknown;
    requestId?: unknown;
    headers?: Record<string, unknown>;
    result?: { name?: unknown; details?: { issue?: unknown }[] };
  };
  if (typeof e.statusCode !== 'number') return undefined;
  // A provider's own id of the request, in a header named for it (`<provider>-debug-id`).
  const debugId = Object.entries(e.headers ?? {}).find(([name]) => name.endsWith('-debug-id'))?.[1];
  return {
    statusCode: e.statusCode,
    ...(typeof e.type === 'string' ? { type: e.type } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.requestId === 'string' ? { requestId: e.requestId } : {}),
    ...(typeof debugId === 'string' ? { debugId } : {}),
    ...(typeof e.result?.name === 'string' ? { name: e.result.name } : {}),
    ...(typeof e.result?.details?.[0]?.issue === 'string' ? { issue: e.result.details[0].issue } : {}),
  };
}

/** A 200 answer of an edge-cached read may be kept that long; every other answer, not at all. */
function jsonResponses(cache: EdgeCacheName | undefined): MiddlewareObj<ApiEvent, ApiResult> {
  const cached = cache ? { 'cache-control': cacheControlOf(cache) } : {};
  const ddbHeader = (): Record<string, string> =>
    process.env.EXPOSE_DDB_REQUEST_COUNT === 'true'
      ? {
          'x-ddb-requests': String(currentScope()?.ddbRequests ?? 0),
          'x-password-hashes': String(currentScope()?.passwordHashes ?? 0),
        }
      : {};

  const jsonResponsesAfter = (request: { response: unknown }): void => {
    const result = request.response as FullResponse | unknown;
    if (result && typeof result === 'object' && fullResponse in result) {
      const full = result as FullResponse;
      request.response = {
        statusCode: full.statusCode,
        headers: {
          ...baseHeaders,
          ...(full.statusCode === 200 ? cached : {}),
          ...full.headers,
          ...ddbHeader(),
        },
        ...(full.cookies ? { cookies: full.cookies } : {}),
        body: full.body === undefined ? '' : full.raw ? String(full.body) : JSON.stringify(full.body),
      } satisfies ApiResult;
      return;
    }
    request.response = {
      statusCode: 200,
      headers: { ...baseHeaders, ...cached, ...ddbHeader() },
      body: JSON.stringify(result ?? {}),
    } satisfies ApiResult;
  };

  const jsonResponsesOnError = (request: { error: unknown; response: unknown; context: Context }): void => {
    const exposed = exposedError(request.error);
    const upstream = exposed ? undefined : upstreamFailure(request.error);
    if (exposed && exposed.statusCode < 500) {
      logger.info('request refused', { statusCode: exposed.statusCode, reason: exposed.message });
    } else {
      logger.error(upstream ? 'a provider refused or failed a call' : 'request failed', {
        requestId: request.context?.awsRequestId,
        error: safeError(request.error),
        ...(upstream ? { upstream } : {}),
      });
    }
    // A provider's failure is a bad gateway (the API's 5xx alarm sees it), in the shop's words.
    const statusCode = exposed?.statusCode ?? (upstream ? 502 : 500);
    const message = exposed?.message ?? 'something went wrong. please try again later.';
    request.response = {
      statusCode,
      headers: { ...baseHeaders, ...ddbHeader() },
      body: JSON.stringify({ message }),
    } satisfies ApiResult;
  };

  return { after: jsonResponsesAfter, onError: jsonResponsesOnError };
}

function accessLog(): MiddlewareObj<ApiEvent, ApiResult> {
  const log = (request: { event: ApiEvent; response: ApiResult | null | undefined }) => {
    logger.info('request', {
      route: request.event.routeKey,
      statusCode: request.response?.statusCode,
      ddbRequests: currentScope()?.ddbRequests ?? 0,
    });
  };
  return { after: log, onError: log };
}

export type Handler = ((event: ApiEvent, context: Context) => Promise<ApiResult>) & {
  /** The schemas the handler was defined with: its route's contract (checked by test/architecture). */
  readonly contract: Schemas;
};

export interface HandlerOptions {
  /**
   * Runs before the body is parsed or any input is read (sessions, cross-site checks): a
   * caller it refuses learns nothing about the endpoint's input.
   */
  guard?: (event: ApiEvent) => Promise<void>;
}

/**
 * Wraps an endpoint's logic. `fn` receives the validated input and returns the JSON body of a
 * 200 answer, or `respond(...)` for anything else; it throws `httpError(...)` for 4xx answers.
 */
export function defineHandler<S extends Schemas>(
  schemas: S,
  fn: (input: Parsed<S>, event: ApiEvent, context: Context) => Promise<Answer<NoInfer<S>>>,
  options: HandlerOptions = {},
): Handler {
  const stack = middy<ValidatedEvent<S>, ApiResult>()
    .use(accessLog() as unknown as MiddlewareObj<ValidatedEvent<S>, ApiResult>)
    .use(jsonResponses(schemas.cache) as unknown as MiddlewareObj<ValidatedEvent<S>, ApiResult>);
  // A function whose route declares no secrets is bundled with BOUTIQUE_SECRETS defined as 'none'
  // (infra/constructs/api-function.ts): this branch, and the Secrets Manager client, leave its bundle.
  if (process.env.BOUTIQUE_SECRETS !== 'none')
    stack.use({ before: async () => (await import('#platform/secrets.ts')).loadSecrets() });
  const { guard } = options;
  if (guard) stack.use({ before: (request) => guard(request.event) });
  if (schemas.body) stack.use(httpJsonBodyParser() as MiddlewareObj<ValidatedEvent<S>, ApiResult>);
  const wrapped = stack.use(validation(schemas)).handler(async (event, context) => {
    const answer = await fn(event.input, event, context);
    const full = typeof answer === 'object' && answer !== null && fullResponse in answer;
    if (!full || (answer as unknown as FullResponse).statusCode === 200)
      checkAgainstContract(schemas.response, full ? (answer as unknown as FullResponse).body : answer);
    return answer as ApiResult;
  });
  const handler = (event: ApiEvent, context: Context) =>
    runInScope(
      () => wrapped(event as ValidatedEvent<S>, context),
      context?.functionName,
      context?.awsRequestId,
    );
  return Object.assign(handler, { contract: schemas });
}
