import type * as z from 'zod/v4/core';
import type { EdgeCacheName } from '#shared/edge-cache.ts';

/**
 * A route's contract: zod/mini schemas (shared/zod.ts) of its request (query, path, body) and of its 200 answer.
 * Handlers pass it to defineHandler / defineAdminHandler (their return type is the answer's
 * input type, and the local stack checks every 200 answer against it); the web infers the
 * types it reads from it and never re-declares them.
 */
export interface Contract {
  query?: z.$ZodType;
  path?: z.$ZodType;
  body?: z.$ZodType;
  /**
   * A DELETE's input, read by the handler from its JSON body or its query string, the body winning
   * (functions/catalog/admin/media/delete-input.ts): some clients drop a DELETE's body.
   */
  bodyOrQuery?: z.$ZodType;
  response: z.$ZodType;
  /**
   * The 200 answer's media type when it is not JSON: its body is then text of that type (the
   * members' CSV, the reference page's HTML), and `response` what the handler hands its wrapper.
   */
  answerType?: 'text/csv' | 'text/html';
  /** A storefront read served from the edge: its class (shared/edge-cache.ts); else `no-store`. */
  cache?: EdgeCacheName;
}

/** The JSON a route answers with 200, as the browser reads it. */
export type Answer<C extends Contract> = z.output<C['response']>;
/** The JSON body a route takes. */
export type Body<C extends Contract> = C['body'] extends z.$ZodType ? z.input<C['body']> : never;
/** The query a route takes. */
export type Query<C extends Contract> = C['query'] extends z.$ZodType ? z.input<C['query']> : never;
