/**
 * The API's operations as types, read from the types openapi-typescript makes of the OpenAPI
 * documents (lib/api-schema/, made by infra/web-api-types.ts before every typecheck): a call's
 * path is one of the document's paths (its parameters written `{id}`), its query, path
 * parameters and body are the operation's, and its result the operation's 200 answer. A contract
 * the web does not follow fails the typecheck at the call.
 */
import type { paths as AdminPaths } from './api-schema/admin.d.ts';
import type { paths as PublicPaths } from './api-schema/public.d.ts';

export type { AdminPaths, PublicPaths };
export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The operation of `method` on `path`, `never` when the document has none. */
export type Operation<Paths, P, M extends Method> = P extends keyof Paths
  ? Paths[P] extends { [K in M]: infer O }
    ? O
    : never
  : never;

/** The paths that have an operation of `method`. */
export type PathWith<Paths, M extends Method> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths] &
  string;

/** The operation's 200 answer (the JSON the call resolves to). */
export type AnswerOf<O> = O extends { responses: { 200: { content: { 'application/json': infer A } } } }
  ? A
  : never;

/** The operation's JSON body, `never` when it takes none. */
export type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/**
 * A query value as the web may give it: the address carries text, so a parameter the document
 * says is `"0" | "1"` may be given as the number, and one that is `"true"` as the boolean.
 */
type Wire<T> = T extends `${infer N extends number}` ? T | N : T extends 'true' | 'false' ? T | boolean : T;

/** No parameters: an empty object only, so a parameter the document dropped fails where it is still given. */
export type NoParams = Record<string, never>;
type Defined<T> = [T] extends [never] ? NoParams : [T] extends [undefined] ? NoParams : Exclude<T, undefined>;
type LooseQuery<Q> = {
  [K in keyof Q]: Wire<Q[K]> | (undefined extends Q[K] ? null : never);
};

/** The query and the path parameters of the operation, in one object (the path's `{name}`s filled from it). */
export type ParamsOf<O> = O extends { parameters: { query?: infer Q; path?: infer P } }
  ? Both<LooseQuery<Defined<Q>>, Defined<P>>
  : NoParams;
type Both<Q, P> = Q extends NoParams ? P : P extends NoParams ? Q : Q & P;

/** The params argument: required when a parameter is, left out when there is none. */
export type ParamsArg<O> =
  Record<never, never> extends ParamsOf<O> ? [params?: ParamsOf<O>] : [params: ParamsOf<O>];

/** The 200 answer of `method` on `path` of the public document (for the web's own names of it). */
export type PublicAnswer<P extends keyof PublicPaths, M extends Method = 'get'> = AnswerOf<
  Operation<PublicPaths, P, M>
>;
/** The JSON body of `method` on `path` of the public document. */
export type PublicBody<P extends keyof PublicPaths, M extends Method = 'post'> = BodyOf<
  Operation<PublicPaths, P, M>
>;
/** The 200 answer of `method` on `path` of the staff's document. */
export type AdminAnswer<P extends keyof AdminPaths, M extends Method = 'get'> = AnswerOf<
  Operation<AdminPaths, P, M>
>;
/** The JSON body of `method` on `path` of the staff's document. */
export type AdminBody<P extends keyof AdminPaths, M extends Method = 'post'> = BodyOf<
  Operation<AdminPaths, P, M>
>;

/** The query and path parameters of `method` on `path` of the public document. */
export type PublicParams<P extends keyof PublicPaths, M extends Method = 'get'> = ParamsOf<
  Operation<PublicPaths, P, M>
>;

/**
 * A staff form's body as the form sends it: its numbers may be the form's text, which the
 * server's contract turns into numbers first (z.preprocess; the document shows the number only).
 * Every other field, and every name, is the document's.
 */
export type FormText<T> = {
  [K in keyof T]: T[K] extends number | undefined ? T[K] | string : T[K];
};
